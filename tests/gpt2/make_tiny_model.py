#!/usr/bin/env python3
"""The project's own maker of the tiny random GPT-2 folders the oracle's --make-tiny-model makes
(../shared/reference/udl124.py), with NumPy alone, so that tests and golden files need neither the
oracle nor committed weights: the same config.json and the same model.safetensors bytes.

Weights: NumPy's legacy RandomState(seed), standard normals drawn in file order, each
mean + normal * std rounded to float32: wte, wpe ~ N(0, 0.02); per block ln_1.weight 1 + N(0, 0.1),
ln_1.bias N(0, 0.1), attn.c_attn (E, 3E) and attn.c_proj (E, E) ~ N(0, 1/sqrt(E)) with biases
N(0, 0.1), ln_2 as ln_1, mlp.c_fc (E, 4E) ~ N(0, 1/sqrt(E)), mlp.c_proj (4E, E) ~ N(0, 1/sqrt(4E)),
biases N(0, 0.1); ln_f.weight (1 + N(0, 0.1)) * float32(logit_scale / (0.02 sqrt(E))), ln_f.bias
N(0, 0.1). twins: wte row 2i+1 := row 2i for i < twins. Names "transformer.*", tied embeddings;
safetensors header compact JSON padded with spaces to a multiple of 8; __metadata__ format "pt"
and n_head; stored as F32, F16 (NumPy's rounding) or BF16 (round to nearest even).

    make_tiny_model.py DIR "layers=2,heads=2,embd=32,ctx=64,seed=0,vocab=50257,scale=3.5,twins=0,dtype=F32"
"""
import json
import math
import os
import struct
import sys

import numpy as np

DEFAULTS = {"layers": 2, "heads": 2, "embd": 32, "ctx": 64, "seed": 0, "vocab": 50257, "scale": 3.5, "twins": 0,
            "dtype": "F32"}


def parse_spec(spec):
    out = dict(DEFAULTS)
    for item in filter(None, spec.split(",")):
        key, value = item.split("=")
        if key not in DEFAULTS:
            raise SystemExit(f"make_tiny_model.py: unknown key {key!r}")
        out[key] = value if key == "dtype" else float(value) if key == "scale" else int(value)
    return out


def oracle_flags(s):
    """The same model as udl124.py --make-tiny-model flags."""
    return ["--layers", str(s["layers"]), "--heads", str(s["heads"]), "--embd", str(s["embd"]), "--ctx", str(s["ctx"]),
            "--seed", str(s["seed"]), "--vocab-size", str(s["vocab"]), "--logit-scale", str(s["scale"]),
            "--twins", str(s["twins"]), "--dtype", s["dtype"]]


def write_safetensors(path, tensors, dtype, metadata):
    header, at, blobs = {"__metadata__": metadata}, 0, []
    for name, t in tensors.items():
        t = np.ascontiguousarray(t, dtype=np.float32)
        if dtype == "F16":
            b = t.astype("<f2").tobytes()
        elif dtype == "BF16":
            u = t.view(np.uint32).astype(np.uint64)
            b = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2").tobytes()
        else:
            b = t.astype("<f4").tobytes()
        header[name] = {"dtype": dtype, "shape": list(t.shape), "data_offsets": [at, at + len(b)]}
        blobs.append(b)
        at += len(b)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        for b in blobs:
            f.write(b)


def make(folder, s):
    L, H, E, P, V = s["layers"], s["heads"], s["embd"], s["ctx"], s["vocab"]
    os.makedirs(folder, exist_ok=True)
    rs = np.random.RandomState(s["seed"])

    def normal(shape, std, mean=0.0):
        return (mean + rs.standard_normal(size=shape) * std).astype(np.float32)

    p = "transformer."
    w = {p + "wte.weight": normal((V, E), 0.02), p + "wpe.weight": normal((P, E), 0.02)}
    for i in range(L):
        h = f"{p}h.{i}."
        w.update({h + "ln_1.weight": normal(E, 0.1, 1.0), h + "ln_1.bias": normal(E, 0.1),
                  h + "attn.c_attn.weight": normal((E, 3 * E), E ** -0.5), h + "attn.c_attn.bias": normal(3 * E, 0.1),
                  h + "attn.c_proj.weight": normal((E, E), E ** -0.5), h + "attn.c_proj.bias": normal(E, 0.1),
                  h + "ln_2.weight": normal(E, 0.1, 1.0), h + "ln_2.bias": normal(E, 0.1),
                  h + "mlp.c_fc.weight": normal((E, 4 * E), E ** -0.5), h + "mlp.c_fc.bias": normal(4 * E, 0.1),
                  h + "mlp.c_proj.weight": normal((4 * E, E), (4 * E) ** -0.5), h + "mlp.c_proj.bias": normal(E, 0.1)})
    gain = s["scale"] / (0.02 * math.sqrt(E))
    w[p + "ln_f.weight"] = normal(E, 0.1, 1.0) * np.float32(gain)
    w[p + "ln_f.bias"] = normal(E, 0.1)
    wte = w[p + "wte.weight"]
    wte[1:2 * s["twins"]:2] = wte[0:2 * s["twins"]:2]
    config = {"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "activation_function": "gelu_new",
              "bos_token_id": 50256, "eos_token_id": 50256, "initializer_range": 0.02, "layer_norm_epsilon": 1e-05,
              "n_ctx": P, "n_embd": E, "n_head": H, "n_layer": L, "n_positions": P, "vocab_size": V,
              "tie_word_embeddings": True}
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    write_safetensors(os.path.join(folder, "model.safetensors"), w, s["dtype"], {"format": "pt", "n_head": str(H)})


if __name__ == "__main__":
    make(sys.argv[1], parse_spec(sys.argv[2] if len(sys.argv) > 2 else ""))

/* exp, log and log1p over 10^6 arguments, written as float64 triples to argv[1]: built natively
 * (glibc) and with emcc (Emscripten's musl), and compared by bench/libm_wasm_vs_glibc.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    uint64_t s = 88172645463325252ull;
    FILE* f = fopen(argv[1], "wb");
    if (!f) return 3;
    for (int i = 0; i < 1000000; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        const double u = (double)(s >> 11) / 9007199254740992.0;   /* [0, 1) */
        const double y[3] = {exp(u * 1400.0 - 700.0), log(u), log1p(-u)};   /* softmax's range; Box-Muller's; the ziggurat tail's */
        fwrite(y, 8, 3, f);
    }
    return fclose(f) != 0;
}

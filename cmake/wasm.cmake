# The WebAssembly build of attn (docs/web.md): the same sources, compiled with Debian's Emscripten
# (emcc 3.1.6), for the web page (web/) and Node. Included from CMakeLists.txt when the toolchain
# is Emscripten's:
#   emcmake cmake -S . -B build-wasm && cmake --build build-wasm -j2
# What differs from the Linux build is chosen here, by the source lists, never by #ifdefs in the
# sources:
#   - no OpenBLAS: src/wasm/blas_loops.cpp (the reference BLAS's order; docs/web.md says why);
#   - no SIMD sets: the AVX files are left out, and src/cpu answers "baseline" (not x86-64), so
#     numpy_exp takes the C library's exp, softmax its portable loops, and `attn cost` its
#     one table (SSE2 through Emscripten onto WebAssembly SIMD128);
#   - no threads: a single-threaded module (no SharedArrayBuffer, so it runs from file://);
#   - no libcrypto, libcsv or muParser (Debian ships them for Linux only): what differs is the host
#     interface (src/host/host.hpp), whose browser side is src/wasm/host.cpp in place of
#     src/host/linux.cpp: the public variants' HMAC-SHA256 (empty key) from the host's crypto
#     (Node's, the browser's WebCrypto); keyed variants (the course secret) and the class run
#     refused with one line each; the course secret is never hashed in the module; expression
#     answers (muParser) refused in one line.
# Header-only libraries come from Debian's /usr/include, each through its own folder (never
# /usr/include itself, whose glibc headers would shadow Emscripten's C library).
# Emscripten's C library (musl, with its libm: exp, log1p) is Debian's prebuilt cache
# (/usr/share/emscripten/cache): nothing is built for it.

set(CMAKE_EXECUTABLE_SUFFIX ".js")
# Emscripten's JS optimiser needs Node's acorn, which Debian installs under /usr/share/nodejs.
set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)

set(ATTN_WASM_INCLUDE ${CMAKE_BINARY_DIR}/wasm-include)
file(MAKE_DIRECTORY ${ATTN_WASM_INCLUDE})
foreach(dir CLI fmt xtensor xtl nlohmann xsimd toml++)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "wasm build: /usr/include/${dir} missing (tools/install-deps.sh)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${ATTN_WASM_INCLUDE}/${dir} SYMBOLIC)
endforeach()

# Exceptions carry every exit code (src/cli/main.cpp): Emscripten's C++ exceptions (its
# libc++abi-except from the prebuilt cache).
add_compile_options(-fexceptions -ffp-contract=off -fno-fast-math -Wall -Wextra -Wno-unused-command-line-argument)
# -O3 at the link: binaryen's wasm-opt -O3 over the whole module (the objects stay -O2, as
# CMAKE_CXX_FLAGS_RELEASE says; this later -O3 is the link's level). Measured in
# docs/performance.md ("The WebAssembly build"); binaryen keeps IEEE arithmetic (no fast-math).
add_link_options(-O3 -fexceptions)
add_compile_definitions(TOML_HEADER_ONLY=1 FMT_HEADER_ONLY=1)
include_directories(src/wasm src . SYSTEM ${ATTN_WASM_INCLUDE})

function(attn_wasm_glob var)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${ARGN})
  list(FILTER sources EXCLUDE REGEX "_avx(2|512|512ifma)?\\.cpp$")
  set(${var} ${sources} PARENT_SCOPE)
endfunction()

# Every source of attn (src/ and experiments/, whatever their folders), less what the browser
# build replaces: the host's Linux side (src/host/, with muParser: src/wasm/host.cpp instead).
attn_wasm_glob(ATTN_WASM_SOURCES src/*.cpp experiments/*.cpp)
list(FILTER ATTN_WASM_SOURCES EXCLUDE REGEX "/src/host/")

add_executable(attn ${ATTN_WASM_SOURCES})
target_compile_definitions(attn PRIVATE ATTN_VERSION="${PROJECT_VERSION}")
# softmax's N×N passes (elementwise along rows: the Linux build's SSE2 loops) in SIMD128.
set_source_files_properties(src/core/softmax.cpp PROPERTIES COMPILE_OPTIONS "-O3;-msimd128")
# The BLAS loops in WebAssembly SIMD128 across the elements of a product (src/wasm/blas_loops.cpp:
# each element's sum keeps its order; wasm_unit_blas checks it bit for bit).
set_source_files_properties(src/wasm/blas_loops.cpp PROPERTIES COMPILE_OPTIONS "-O3;-msimd128")
# `attn cost`'s kernels (not compared bit for bit; FMA allowed there as in the Linux build): their
# baseline is xsimd's SSE2, which Emscripten turns into WebAssembly SIMD128 (xsimd_compat.hpp).
# The module then needs a browser with SIMD128 (Chrome 91, Firefox 89, Safari 16.4 and later).
set_source_files_properties(src/core/kernels/arch_sse2.cpp PROPERTIES COMPILE_OPTIONS "-O3;-msimd128;-msse2")
set_source_files_properties(src/core/kernels/naive.cpp src/core/kernels/flash.cpp src/core/kernels/decode.cpp
                            src/core/kernels/memory.cpp src/core/kernels/dispatch.cpp PROPERTIES COMPILE_OPTIONS "-O3")

# One module for the page and for Node: attn.wasm and its JavaScript attn.js, MODULARIZE'd
# (createAttn); a fresh instance per command (web/attn-node.js, web/attn-worker.js) with its own
# FS, environment and exit status. Node reads attn.wasm beside attn.js (attn-node.js); the page
# carries it inside (tools/web_page.py), so nothing is fetched from file:// or in a Worker.
target_link_options(attn PRIVATE
  -sMODULARIZE=1 -sEXPORT_NAME=createAttn -sALLOW_MEMORY_GROWTH=1
  -sMAXIMUM_MEMORY=2GB -sEXIT_RUNTIME=1 -sINVOKE_RUN=0 -sENVIRONMENT=web,worker,node
  "-sEXPORTED_RUNTIME_METHODS=['FS','NODEFS','ENV','TTY','callMain']" -lnodefs.js)

# attn-node: the module as a command (`build-wasm/attn-node scaling --dq 400`), what the tests
# run through Node (tests/reference/golden_test.py --attn build-wasm/attn-node).
configure_file(${CMAKE_SOURCE_DIR}/web/attn-node.js ${CMAKE_BINARY_DIR}/attn-node.js COPYONLY)
file(CHMOD ${CMAKE_BINARY_DIR}/attn-node.js PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(CREATE_LINK attn-node.js ${CMAKE_BINARY_DIR}/attn-node SYMBOLIC)

# The page, one file with the module and the worker inside (tools/web_page.py): build-wasm/web/index.html.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/web/index.html
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/web_page.py --template ${CMAKE_SOURCE_DIR}/web/index.html
          --module $<TARGET_FILE:attn> --wasm ${CMAKE_BINARY_DIR}/attn.wasm --worker ${CMAKE_SOURCE_DIR}/web/attn-worker.js
          --out ${CMAKE_BINARY_DIR}/web/index.html
  DEPENDS attn ${CMAKE_SOURCE_DIR}/tools/web_page.py ${CMAKE_SOURCE_DIR}/web/index.html ${CMAKE_SOURCE_DIR}/web/attn-worker.js
  COMMENT "web/index.html: the page with attn's module inside")
add_custom_target(attn_web_page ALL DEPENDS ${CMAKE_BINARY_DIR}/web/index.html)

# ---- tests under Node: ctest --test-dir build-wasm -------------------------------------------
# The Linux build's tests, run on the module (docs/web.md, "Tests"): every golden file through
# attn-node; the generator's unit tests (NumPy's 10^6-draw fixtures, tests/data/rng) compiled to
# WebAssembly; a sample of the conformance runner against the reference scripts.
option(ATTN_TESTS "Build the test suite" ON)
if(ATTN_TESTS)
  enable_testing()
  set(ATTN_SHARED_DIR "${CMAKE_SOURCE_DIR}/../shared" CACHE PATH "the shared/ folder (reference scripts, notes)")
  set(ATTN_PYTHON /usr/bin/python3 CACHE FILEPATH "python3 that has Debian's NumPy")
  if(NOT EXISTS /usr/include/doctest)
    message(FATAL_ERROR "wasm build: /usr/include/doctest missing (doctest-dev)")
  endif()
  file(CREATE_LINK /usr/include/doctest ${ATTN_WASM_INCLUDE}/doctest SYMBOLIC)
  attn_wasm_glob(ATTN_WASM_RNG_TEST_SOURCES tests/unit/rng/*.cpp src/rng/*.cpp)
  add_executable(test_rng ${ATTN_WASM_RNG_TEST_SOURCES} tests/doctest_main.cpp)
  target_compile_definitions(test_rng PRIVATE ATTN_SOURCE_DIR="${CMAKE_SOURCE_DIR}" ATTN_SHARED_DIR="${ATTN_SHARED_DIR}")
  # The browser build's BLAS against its definition (tests/web/test_blas_loops.cpp).
  add_executable(test_blas_loops tests/web/test_blas_loops.cpp src/wasm/blas_loops.cpp tests/doctest_main.cpp)
  set_source_files_properties(tests/web/test_blas_loops.cpp PROPERTIES COMPILE_OPTIONS -O2)
  foreach(t test_rng test_blas_loops)
    target_link_options(${t} PRIVATE
      -sMODULARIZE=1 -sEXPORT_NAME=createAttn -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB
      -sEXIT_RUNTIME=1 -sINVOKE_RUN=0 -sENVIRONMENT=node "-sEXPORTED_RUNTIME_METHODS=['FS','NODEFS','ENV','callMain']"
      -lnodefs.js)
  endforeach()
  set(attn_node ${CMAKE_BINARY_DIR}/attn-node)
  add_test(NAME wasm_unit_blas COMMAND ${CMAKE_COMMAND} -E env ATTN_WASM_MODULE=$<TARGET_FILE:test_blas_loops> ${attn_node})
  # All of the generator's tests but one: the legacy RandomState's (attn udl) Box-Muller takes
  # log() from the C library, and NumPy's fixtures were made where glibc picks its FMA variant of
  # log, whose last bit differs from musl's (= glibc's without FMA) for about 1 in 10^4 arguments
  # (bench/libm_wasm_vs_glibc.sh); docs/web.md, "exp, log, log1p".
  add_test(NAME wasm_unit_rng COMMAND ${CMAKE_COMMAND} -E env ATTN_WASM_MODULE=$<TARGET_FILE:test_rng> ${attn_node}
           "--test-case-exclude=legacy RandomState matches NumPy bit for bit")
  # Every golden file, byte for byte (the homework's public variants too: HMAC-SHA256 with the
  # empty key from Node's crypto, src/wasm/host.cpp).
  add_test(NAME wasm_golden COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/reference/golden_test.py
           --attn ${attn_node} --golden ${CMAKE_SOURCE_DIR}/golden)
  # A keyed variant (a course secret given) is refused in one line, exit 2: the secret is never
  # hashed in the module (tests/web/keyed_variant_test.py).
  add_test(NAME wasm_keyed_variant COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/web/keyed_variant_test.py
           --attn ${attn_node})
  # A sample: fewer random flag sets per experiment than the Linux build's 60 (each case starts
  # Node and the module); skipped, saying why, without ../shared.
  add_test(NAME wasm_conformance COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/reference/conformance.py
           --attn ${attn_node} --reference ${ATTN_SHARED_DIR}/reference --cases 8 --jobs 2)
  set_tests_properties(wasm_conformance PROPERTIES SKIP_RETURN_CODE 77)
  # The page from disk in headless Chromium: four golden files' bytes, typed runs, a
  # screenshot (build-wasm/web-screenshot.png); skipped, saying why, without Chromium.
  # Then every example link clicked and README's commands typed, each against the native attn
  # (ATTN_NATIVE: the Linux build's, which .ci/web builds first).
  set(ATTN_NATIVE "${CMAKE_SOURCE_DIR}/build/attn" CACHE FILEPATH "the Linux build's attn (the page's outputs' reference)")
  add_test(NAME wasm_chromium COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/web/chromium_test.py
           --page ${CMAKE_BINARY_DIR}/web/index.html --golden ${CMAKE_SOURCE_DIR}/golden
           --screenshot ${CMAKE_BINARY_DIR}/web-screenshot.png --native ${ATTN_NATIVE}
           --readme ${CMAKE_SOURCE_DIR}/README.md)
  set_tests_properties(wasm_chromium PROPERTIES SKIP_RETURN_CODE 77)
endif()

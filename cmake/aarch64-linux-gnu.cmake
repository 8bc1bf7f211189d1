# Cross build for 64-bit ARM on Debian x86-64 (tools/release.sh aarch64):
#   g++-aarch64-linux-gnu, the arm64 -dev packages through multiarch
#   (dpkg --add-architecture arm64; tools/install-deps.sh --release), and qemu-aarch64-static to
#   run the built attn for the man page and completions.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Packages' CMake files under /usr/lib/aarch64-linux-gnu/cmake, headers under /usr/include; the
# host's x86-64 libraries are never searched.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
find_program(ATTN_QEMU_AARCH64 qemu-aarch64-static)
if(ATTN_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${ATTN_QEMU_AARCH64})
endif()
# xtensor is header-only, but Debian's arm64 package cannot be installed beside
# the amd64 ones (they depend on xtl-dev:arm64, and xtl-dev is Architecture: all without
# Multi-Arch: foreign). Its CMake files name only headers under /usr/include, so the host's are
# used as they are.
set(xtensor_DIR /usr/lib/x86_64-linux-gnu/cmake/xtensor CACHE PATH "header-only: the host's")
# pkg-config (FindOpenSSL asks it first) must answer with the arm64 .pc files, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)

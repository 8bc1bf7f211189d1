# OpenBLAS, as Debian's libopenblas-dev provides it (the pthread variant): through pkg-config's
# openblas module (cblas.h's folder and the library). Sets OpenBLAS_INCLUDE_DIRS and
# OpenBLAS_LIBRARIES: the shared library, or for the static release (ATTN_STATIC) Debian's
# libopenblas.a from the same folder (the same DYNAMIC_ARCH build: the same kernels chosen at run
# time, OPENBLAS_CORETYPE included).
# (Debian 13's OpenBLASConfig.cmake names a library that does not exist; its .pc file is right.)
find_package(PkgConfig REQUIRED)
pkg_check_modules(OpenBLAS REQUIRED IMPORTED_TARGET openblas)
if(ATTN_STATIC)
  pkg_get_variable(ATTN_OPENBLAS_LIBDIR openblas libdir)
  set(ATTN_OPENBLAS_ARCHIVE "${ATTN_OPENBLAS_LIBDIR}/libopenblas.a")
  if(NOT EXISTS "${ATTN_OPENBLAS_ARCHIVE}")
    message(FATAL_ERROR "ATTN_STATIC needs ${ATTN_OPENBLAS_ARCHIVE} (libopenblas-pthread-dev)")
  endif()
  find_package(Threads REQUIRED)
  set(OpenBLAS_LIBRARIES "${ATTN_OPENBLAS_ARCHIVE}" Threads::Threads m)
else()
  set(OpenBLAS_LIBRARIES PkgConfig::OpenBLAS)
  # No build-tree RUNPATH: pkg-config names .../openblas-pthread/libopenblas.so, outside the
  # linker's usual folders, so CMake would give every binary RUNPATH "openblas-pthread:" — and its
  # empty entry is the current directory to the loader (attn run in any folder would load a
  # libcrypto or libfmt found there). Debian's alternatives put libopenblas.so.0 in the standard
  # folder, where ld.so's cache finds it (tests/house/startup_test.py checks the binary).
  set(CMAKE_SKIP_BUILD_RPATH ON)
endif()
message(STATUS "OpenBLAS: ${OpenBLAS_LIBRARIES} (cblas.h in ${OpenBLAS_INCLUDE_DIRS})")

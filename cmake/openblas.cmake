# OpenBLAS, as Debian ships it (libopenblas-dev, the pthread variant). Sets OpenBLAS_INCLUDE_DIRS
# and OpenBLAS_LIBRARIES (the shared library).
# The package's CMake file is used when what it names exists. Debian 13's is not (its
# openblas-pthread/cmake/openblas/OpenBLASConfig.cmake names /usr/lib/lib/libopenblas.so), so
# then the library and cblas.h are looked up the ordinary way, in the same folders.
find_package(OpenBLAS CONFIG QUIET)
if(NOT OpenBLAS_LIBRARIES OR NOT EXISTS "${OpenBLAS_LIBRARIES}")
  find_library(ATTN_OPENBLAS_LIBRARY NAMES openblas PATH_SUFFIXES openblas-pthread REQUIRED)
  find_path(ATTN_OPENBLAS_INCLUDE_DIR cblas.h PATH_SUFFIXES openblas-pthread openblas REQUIRED)
  set(OpenBLAS_LIBRARIES "${ATTN_OPENBLAS_LIBRARY}")
  set(OpenBLAS_INCLUDE_DIRS "${ATTN_OPENBLAS_INCLUDE_DIR}")
endif()
message(STATUS "OpenBLAS: ${OpenBLAS_LIBRARIES}")

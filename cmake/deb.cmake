# The .deb that `cpack -G DEB` makes in the build folder (included from CMakeLists.txt, after
# cmake/install.cmake, whose files it packages).
# A .deb whose Depends dpkg-shlibdeps reads from the binary.
set(CPACK_PACKAGE_NAME attn)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Transformer chapter's NumPy experiments, replayed byte for byte")
# The extended description (lintian wants one), one paragraph; cpack indents it.
# (cpack puts the summary above it.)
set(CPACK_PACKAGE_DESCRIPTION "attn replays the experiments of a textbook chapter on Transformers and
self-attention (a Traditional Chinese adaptation of chapter 12 of Understanding
Deep Learning) and prints, byte for byte, what the chapter's NumPy scripts
print, for any seed and sizes. It also prints the chapter's worked solutions
and answer sheets, and grades students' sheets (JUnit, Gradescope reports).")
set(CPACK_PACKAGE_CONTACT "attn maintainers <attn@example.org>")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
if(ATTN_STATIC)   # tools/release.sh: the static attn needs nothing; its .deb has no Depends
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/deb/lintian-overrides-static RENAME attn
          DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides)
  if(CMAKE_SYSTEM_PROCESSOR STREQUAL "aarch64")
    set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)
  endif()
else()
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  if(ATTN_FAST_START_ACTIVE)   # not a PIE on purpose (start-up): said to lintian, with the reason
    install(FILES ${CMAKE_SOURCE_DIR}/packaging/deb/lintian-overrides RENAME attn
            DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides)
  endif()
  if(ATTN_STATIC_LIBSTDCXX)   # dlopen'd, so dpkg-shlibdeps does not see it
    set(CPACK_DEBIAN_PACKAGE_DEPENDS libmuparser2v5)
  endif()
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)

# What `cmake --install build --prefix P` puts where (included from CMakeLists.txt): P/bin/attn,
# the man page, shell completions, and the documents the help sends a reader to.
include(GNUInstallDirs)
install(TARGETS attn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The man page: `attn --man`, made from the same data as the help and the completions
# (src/cli/man_page.hpp); SOURCE_DATE_EPOCH, when set, dates it reproducibly.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/attn.1
  COMMAND ${ATTN_RUN_BUILT} --man > ${CMAKE_BINARY_DIR}/attn.1
  DEPENDS attn COMMENT "attn.1: attn --man")
# Installed compressed, as Debian's policy (and lintian) wants; man reads it as it is.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/attn.1.gz
  COMMAND gzip -9n -c ${CMAKE_BINARY_DIR}/attn.1 > ${CMAKE_BINARY_DIR}/attn.1.gz
  DEPENDS ${CMAKE_BINARY_DIR}/attn.1 COMMENT "attn.1.gz")
add_custom_target(attn_man ALL DEPENDS ${CMAKE_BINARY_DIR}/attn.1 ${CMAKE_BINARY_DIR}/attn.1.gz)
install(FILES ${CMAKE_BINARY_DIR}/attn.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Shell completions, written by `attn completion <shell>` at build time, installed where
# Debian's bash-completion, zsh and fish look for them.
if(EXISTS ${CMAKE_SOURCE_DIR}/src/cli/commands/completion.cpp)
  set(ATTN_COMPLETIONS
      "bash|attn|${CMAKE_INSTALL_DATADIR}/bash-completion/completions"
      "zsh|_attn|${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions"
      "fish|attn.fish|${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d")
  set(completion_files)
  foreach(entry IN LISTS ATTN_COMPLETIONS)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 shell)
    list(GET entry 1 file)
    list(GET entry 2 destination)
    set(path ${CMAKE_BINARY_DIR}/completions/${shell}/${file})
    add_custom_command(OUTPUT ${path}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/completions/${shell}
      COMMAND ${ATTN_RUN_BUILT} completion ${shell} > ${path}
      DEPENDS attn COMMENT "${file}: attn completion ${shell}")
    list(APPEND completion_files ${path})
    install(FILES ${path} DESTINATION ${destination})
  endforeach()
  add_custom_target(attn_completions ALL DEPENDS ${completion_files})
endif()

# The copyright and changelog files Debian's policy asks of every package (packaging/deb/),
# installed with every install.
install(FILES ${CMAKE_SOURCE_DIR}/packaging/deb/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/attn)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/changelog.gz
  COMMAND gzip -9n -c ${CMAKE_SOURCE_DIR}/packaging/deb/changelog > ${CMAKE_BINARY_DIR}/changelog.gz
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/deb/changelog)
add_custom_target(attn_changelog ALL DEPENDS ${CMAKE_BINARY_DIR}/changelog.gz)
install(FILES ${CMAKE_BINARY_DIR}/changelog.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/attn)
# The documents the help and the man page send a reader to: the teacher's guide, the output
# formats and their JSON schema (its $id names this installed path), the notebooks' page (12.4's
# hint sends a student there for getting GPT-2).
install(FILES ${CMAKE_SOURCE_DIR}/docs/homework.md ${CMAKE_SOURCE_DIR}/docs/output.md ${CMAKE_SOURCE_DIR}/docs/udl.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/attn)
install(FILES ${CMAKE_SOURCE_DIR}/docs/schema/attn-output.schema.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/attn/schema)

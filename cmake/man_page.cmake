# Builds attn.1 from attn's own help (cmake -P, run by the `attn_man` target):
#   cmake -DATTN=<attn> -DHELP2MAN=<help2man> -DOUT=<attn.1> -P man_page.cmake
# help2man formats `attn --help` and `attn --version`; an include file adds one subsection per
# subcommand with that subcommand's --help, and the exit codes. attn runs as `attn` on PATH, so
# the usage lines name the program, not the build folder.
get_filename_component(dir "${ATTN}" DIRECTORY)
set(ENV{PATH} "${dir}:$ENV{PATH}")

execute_process(COMMAND attn --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "attn --help failed (${rc})")
endif()

# The subcommands are the indented words under "Subcommands:".
string(REGEX REPLACE ".*\nSubcommands:\n" "" listing "${help}")
string(REGEX MATCHALL "(^|\n)  [a-z][a-z0-9-]*" names "${listing}")

# roff: a backslash is \e, and a line may not start with '.' or "'".
function(roff_lines text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(inc "[SUBCOMMANDS]\n")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  execute_process(COMMAND attn ${name} --help OUTPUT_VARIABLE sub RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "attn ${name} --help failed (${rc})")
  endif()
  roff_lines("${sub}" sub)
  string(APPEND inc ".SS \"attn ${name}\"\n.nf\n${sub}.fi\n")
endforeach()
string(APPEND inc "[EXIT STATUS]
.TP
0
success (for \\fBhomework \\-\\-grade\\fR: every answer right)
.TP
1
a failed check: wrong or missing homework answers
.TP
2
usage error: a bad flag value, an unreadable answer sheet
.TP
3
a file that cannot be opened or written, or standard output cannot be written
.TP
70
an internal error (a bug): one line \\fBattn: internal error: ...\\fR
")
get_filename_component(out_dir "${OUT}" DIRECTORY)
file(WRITE "${out_dir}/attn.h2m" "${inc}")
execute_process(COMMAND "${HELP2MAN}" --no-info --section 1 --locale C.UTF-8
                        --name "replay a Transformer chapter's NumPy experiments byte for byte, grade its homework"
                        --include "${out_dir}/attn.h2m" --output "${OUT}" attn
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()

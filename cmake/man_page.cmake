# Builds attn.1 from attn's own help (cmake -P, run by the `attn_man` target):
#   cmake -DATTN=<attn> -DHELP2MAN=<help2man> -DOUT=<attn.1> -P man_page.cmake
# help2man formats `attn --help` and `attn --version`; an include file adds one subsection per
# subcommand with that subcommand's --help, and the exit codes. attn runs as `attn` on PATH, so
# the usage lines name the program, not the build folder.
# A cross-built attn runs through its emulator (-DEMULATOR=qemu-aarch64-static), behind a small
# `attn` script that keeps argv[0] as `attn`.
get_filename_component(out_dir "${OUT}" DIRECTORY)
if(EMULATOR)
  set(dir "${out_dir}/man-run")
  file(WRITE "${dir}/attn" "#!/bin/sh\nexec ${EMULATOR} -0 attn '${ATTN}' \"$@\"\n")
  file(CHMOD "${dir}/attn" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
       WORLD_READ WORLD_EXECUTE)
else()
  get_filename_component(dir "${ATTN}" DIRECTORY)
endif()
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
  # 66 columns: man indents these blocks by 7, and under an ASCII locale a Chinese name is
  # replaced by English up to 7 columns longer (below), so `man attn` stays within 80 either way.
  set(ENV{COLUMNS} 66)
  execute_process(COMMAND attn ${name} --help OUTPUT_VARIABLE sub RESULT_VARIABLE rc)
  unset(ENV{COLUMNS})
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
.PP
Plain \\fBattn\\fR, without a subcommand, prints a short usage on standard
error and exits 2.
[ENVIRONMENT]
.TP
.B ATTN_LANG
the default of \\fB\\-\\-lang\\fR: \\fBzh\\-TW\\fR (the chapter's) or \\fBen\\fR.
.TP
.B ATTN_COURSE_SECRET
the course secret of \\fBhomework\\fR: each student's numbers are derived from
HMAC\\-SHA256(secret, ID). \\fB\\-\\-secret\\-file\\fR takes precedence.
Keep it out of students' reach (a CI secret, not a file in the repository).
.TP
.B NO_COLOR
when set and not empty, \\fB\\-\\-color auto\\fR gives no colour (no-color.org).
.TP
.B GITHUB_STEP_SUMMARY
a file: \\fBhomework \\-\\-grade\\fR appends a Markdown summary of the grade to it
(GitHub Actions sets it).
.TP
.B COLUMNS
the width help text is wrapped to (else the terminal's, else 80).
[FILES]
.TP
.I /usr/share/bash\\-completion/completions/attn
.TQ
.I /usr/share/zsh/vendor\\-completions/_attn
.TQ
.I /usr/share/fish/vendor_completions.d/attn.fish
the shell completions, also printed by \\fBattn completion\\fR \\fISHELL\\fR.
The release tarball puts them under \\fIshare/\\fR of where it is unpacked
(zsh: \\fIshare/zsh/site\\-functions/_attn\\fR).
.TP
.I ANSWERS.toml
an answer sheet (\\fBattn homework \\-\\-template\\fR prints a blank one);
\\fBattn homework \\-\\-grade\\fR reads it.
A course file (\\fB\\-\\-course\\fR) is TOML too.
attn reads no configuration file.
[EXAMPLES]
.TP
.B attn attention
section 3 with the chapter's seed: the chapter's own output.
.TP
.B attn mask \\-\\-n 8 \\-\\-pos 6 \\-\\-heatmap
section 6 at N = 8, the input at position 6 shifted, then the masked
attention matrix as a heatmap in the terminal.
.TP
.B attn permutation \\-\\-svg perm.svg
section 4, and the outputs with and without positional encoding as a picture.
.TP
.B attn homework \\-\\-template > answers.toml
a blank answer sheet to fill in;
.B attn homework \\-\\-grade answers.toml
grades it.
.TP
.B attn homework \\-\\-grade\\-class roster.csv \\-\\-out report/
grades a class: gradebook, Canvas and Moodle files, class.md and
class.svg in \\fIreport/\\fR.
.TP
.B attn help mask
the flags of one subcommand (the same as \\fBattn mask \\-\\-help\\fR).
[CHARACTER SET]
The help quotes the chapter's Traditional Chinese section names (for example
\\fBmask\\fR replays section 6, 遮罩). Where man cannot show those
characters (an ASCII locale such as \\fBLC_ALL=C\\fR), this page gives each
name in English in its place; every flag, value and example is ASCII. Read
the page in a UTF\\-8 locale (\\fBLC_ALL=C.UTF\\-8 man attn\\fR) to see the
Chinese, as \\fBattn \\-\\-help\\fR prints it.
[SEE ALSO]
.BR python3 (1),
.BR numpy.random.default_rng ;
the chapter's reference scripts, which attn replays byte for byte.
The teacher's guide (course file, CI and Gradescope setups, the trust model):
.IR /usr/share/doc/attn/homework.md .
The output formats and their JSON schema:
.I /usr/share/doc/attn/output.md
and
.IR /usr/share/doc/attn/schema/attn\\-output.schema.json .
")
file(WRITE "${out_dir}/attn.h2m" "${inc}")
# The help at 60 columns: a Chinese character is two columns but three bytes, and mandoc wants
# no source line over 80 bytes.
set(ENV{COLUMNS} 60)
execute_process(COMMAND "${HELP2MAN}" --no-info --section 1 --locale C.UTF-8
                        --name "replay a Transformer chapter's experiments, grade its homework"
                        --include "${out_dir}/attn.h2m" --output "${OUT}" attn
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
# The date in .TH as ISO 8601 (help2man writes "December 2026", which mandoc cannot parse);
# SOURCE_DATE_EPOCH, when set, makes it reproducible.
string(TIMESTAMP today "%Y-%m-%d" UTC)
file(READ "${OUT}" page)
string(REGEX REPLACE "(\n\\.TH [^\n]*\") \"[A-Za-z]+ [0-9]+\"" "\\1 \"${today}\"" page "${page}")

# The chapter's Chinese names under an ASCII locale: groff's ascii device (man under LC_ALL=C)
# drops every CJK character, leaving "Section 6 (): the causal mask". Each name the help quotes
# becomes a string, defined as the Chinese when the device is utf8 and as its English otherwise
# (mandoc, which has no device register, takes the English). Each English is at most 7 columns
# wider than its Chinese (the subcommands' help is wrapped with that room). A name of the help without an entry
# here is caught by tests/cli/package_docs_test.py (LC_ALL=C man shows no "()" and groff warns
# of no missing character).
set(names
  "三、比重從哪裡來|where weights come from"
  "兩塊補丁|two patches"
  "多頭|multi-head"
  "遮罩|the mask"
  "注意力機制|Attention"
  "注意力的代價|cost of attention"
  "作業和解答|homework, answers"
  "光|guang"
  "✓|OK")
set(strings "")
set(index 0)
foreach(entry IN LISTS names)
  string(REPLACE "|" ";" pair "${entry}")
  list(GET pair 0 chinese)
  list(GET pair 1 english)
  string(FIND "${page}" "${chinese}" at)
  if(at EQUAL -1)
    continue()
  endif()
  math(EXPR index "${index} + 1")
  string(REPLACE "${chinese}" "\\*[zh${index}]" page "${page}")
  string(APPEND strings ".ie '\\*[.T]'utf8' .ds zh${index} ${chinese}\n.el .ds zh${index} ${english}\n")
endforeach()
# After the .TH line (spliced: a regex replacement would read the strings' backslashes).
string(FIND "${page}" "\n.TH " th)
math(EXPR from "${th} + 1")
string(SUBSTRING "${page}" ${from} -1 rest)
string(FIND "${rest}" "\n" eol)
math(EXPR cut "${from} + ${eol} + 1")
string(SUBSTRING "${page}" 0 ${cut} head)
string(SUBSTRING "${page}" ${cut} -1 tail)
set(page "${head}${strings}${tail}")
file(WRITE "${OUT}" "${page}")

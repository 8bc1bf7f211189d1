# The libFuzzer targets of fuzz/ (-DATTN_FUZZ=ON; tools/fuzz-ci.sh runs them), included from
# CMakeLists.txt after the libraries they test.
if(ATTN_FUZZ)
  foreach(target fuzz_sheet fuzz_expression)
    add_executable(${target} fuzz/${target}.cpp)
    target_link_libraries(${target} PRIVATE attn_homework)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  endforeach()
  # the --diagnose readers and verdicts of udl 12.2 and 12.3, with the CLI's NumPy printer
  add_executable(fuzz_diagnose fuzz/fuzz_diagnose.cpp src/cli/numpy_printer.cpp)
  target_link_libraries(fuzz_diagnose PRIVATE attn_experiments attn_render)
  target_link_options(fuzz_diagnose PRIVATE -fsanitize=fuzzer)
endif()

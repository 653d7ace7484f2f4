# The real-world corpus (tests/corpus): kernels that use the CUDA toolkit's own headers (CUB,
# cooperative groups, cuda_fp16 ...), compiled by nvcc, with H200 goldens in tests/corpus/golden
# (scripts/gpu-golden.sh with PROGRAM_DIR=tests/corpus). For each golden NAME.json two ctests,
# corpus_NAME_timing and corpus_NAME_functional, run
#   warpsim run tests/corpus/NAME.ptx @tests/corpus/NAME.args --json --mode MODE
# and compare "stdout" and "buffers" with the golden bit for bit (tests/check_golden.py), and
# each also runs it with --slow-path all, which must print the same bytes (the fast paths against
# the general code they replace).
# tests/corpus/KNOWN-DIFFERENCES.txt records the kernels where warpsim differs today, with the
# exact difference (or the exact refusal): such a test passes only while warpsim runs and
# differs as recorded, never when it crashes (check_golden.py's --known).
# corpus_loads runs every tests/corpus/*.ptx once and lists those that do not run
# (informational: it fails only when there is nothing to run or the script itself breaks).
# Include from tests/CMakeLists.txt:  include(${CMAKE_CURRENT_SOURCE_DIR}/corpus.cmake)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(warpsim_corpus_dir ${CMAKE_CURRENT_LIST_DIR}/corpus)
set(warpsim_corpus_known ${warpsim_corpus_dir}/KNOWN-DIFFERENCES.txt)
# warpsim_glob (tests/CMakeLists.txt): a pattern that matches nothing stops the configuration
warpsim_glob(warpsim_corpus_args ${warpsim_corpus_dir}/*.args)
warpsim_glob(warpsim_corpus_ptx ${warpsim_corpus_dir}/*.ptx)
warpsim_glob(warpsim_corpus_goldens ${warpsim_corpus_dir}/golden/*.json)
foreach(f ${warpsim_corpus_args})
  get_filename_component(name ${f} NAME_WE)
  if(NOT EXISTS ${warpsim_corpus_dir}/${name}.ptx)
    message(FATAL_ERROR "tests/corpus/${name}.args has no ${name}.ptx: run tests/corpus/regen-ptx.sh ${name}")
  endif()
endforeach()

set(warpsim_corpus_tests 0)
foreach(f ${warpsim_corpus_goldens})
  get_filename_component(name ${f} NAME_WE)
  if(NOT EXISTS ${warpsim_corpus_dir}/${name}.ptx OR NOT EXISTS ${warpsim_corpus_dir}/${name}.args)
    message(FATAL_ERROR "tests/corpus/golden/${name}.json has no tests/corpus/${name}.ptx and .args")
  endif()
  foreach(mode timing functional)
    add_test(NAME corpus_${name}_${mode}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_golden.py
                     $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR} ${name}
                     --programs tests/corpus --golden tests/corpus/golden --mode ${mode}
                     --known tests/corpus/KNOWN-DIFFERENCES.txt --slow-path-same)
    set_tests_properties(corpus_${name}_${mode} PROPERTIES LABELS "corpus;golden" TIMEOUT 120)
    math(EXPR warpsim_corpus_tests "${warpsim_corpus_tests} + 1")
  endforeach()
endforeach()
list(LENGTH warpsim_corpus_goldens warpsim_corpus_ngolden)
list(LENGTH warpsim_corpus_args warpsim_corpus_nargs)
math(EXPR warpsim_corpus_want "2 * ${warpsim_corpus_ngolden}")
if(NOT warpsim_corpus_tests EQUAL warpsim_corpus_want)
  message(FATAL_ERROR "tests/corpus: ${warpsim_corpus_ngolden} goldens but ${warpsim_corpus_tests} tests registered")
endif()
if(warpsim_corpus_nargs GREATER 0 AND warpsim_corpus_ngolden GREATER 0 AND warpsim_corpus_tests EQUAL 0)
  message(FATAL_ERROR "tests/corpus has .args files and goldens, but no corpus test was registered")
endif()

# every known difference names a kernel with a golden (a stale or misspelt line is an error)
if(EXISTS ${warpsim_corpus_known})
  file(STRINGS ${warpsim_corpus_known} known_lines REGEX "^[A-Za-z0-9_]+")
  foreach(line ${known_lines})
    string(REGEX MATCH "^[A-Za-z0-9_]+" known_name "${line}")
    if(NOT EXISTS ${warpsim_corpus_dir}/golden/${known_name}.json)
      message(FATAL_ERROR "tests/corpus/KNOWN-DIFFERENCES.txt: ${known_name} has no golden in tests/corpus/golden")
    endif()
  endforeach()
endif()

if(warpsim_corpus_ptx)
  add_test(NAME corpus_loads
           COMMAND ${Python3_EXECUTABLE} ${warpsim_corpus_dir}/load_status.py
                   $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR} --jobs 2)
  set_tests_properties(corpus_loads PROPERTIES LABELS corpus TIMEOUT 900)
endif()

# check_golden.py's own verdicts: a known difference passes only as recorded, a crash never
add_test(NAME check_golden_verdicts
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/test_check_golden.py
                 $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR})

# tests/corpus/isa_*: every buffer against an independent reading of the PTX ISA's pseudo-code, in
# both modes and with --slow-path all (beside their H200 goldens: the ISA text and the H200 agree)
add_test(NAME isa19_corpus_reference
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_isa19_corpus.py
                 $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR})
set_tests_properties(isa19_corpus_reference PROPERTIES TIMEOUT 300)

# tests/heldout: a held-out corpus of CUB / cooperative_groups / warp-intrinsic kernels in forms
# tests/corpus does not cover, each checked against a host reference (no H200 golden), in both
# modes; a diagnostic its entry does not name fails it (tests/heldout/README.md)
add_test(NAME heldout_corpus_reference
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/heldout/check_heldout.py
                 $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR})
set_tests_properties(heldout_corpus_reference PROPERTIES LABELS corpus TIMEOUT 120)

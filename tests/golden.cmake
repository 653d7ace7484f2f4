# Golden hardware tests: one ctest per tests/golden/NAME.json (warpsim-hwrun's JSON from a GPU,
# see tests/golden/METADATA.txt and scripts/gpu-golden.sh). Each runs
#   warpsim run programs/NAME.ptx @programs/NAME.args --json
# and compares "stdout" and "buffers" with the golden file, bit-exactly (tests/check_golden.py).
# Needs python3 and no GPU. Include from tests/CMakeLists.txt:
#   include(${CMAKE_CURRENT_SOURCE_DIR}/golden.cmake)
# Names listed in golden/KNOWN-DIFFERENCES.txt are known warpsim/H200 differences: their test
# passes only when warpsim runs and differs from the GPU exactly as the line's SHA of the
# differences records (check_golden.py --known); a fix fails it, saying to delete the line.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(warpsim_golden_known "")
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/golden/KNOWN-DIFFERENCES.txt)
  file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/golden/KNOWN-DIFFERENCES.txt known_lines REGEX "^[A-Za-z0-9_]+")
  foreach(line ${known_lines})
    string(REGEX MATCH "^[A-Za-z0-9_]+" known_name "${line}")
    list(APPEND warpsim_golden_known ${known_name})
  endforeach()
endif()
# NAME.json, or NAME.json.gz for the large sweeps (tests/golden_files.py reads both)
warpsim_glob(warpsim_golden_files ${CMAKE_CURRENT_LIST_DIR}/golden/*.json
             ${CMAKE_CURRENT_LIST_DIR}/golden/*.json.gz)  # tests/CMakeLists.txt
foreach(f ${warpsim_golden_files})
  get_filename_component(name ${f} NAME_WE)
  if(NOT EXISTS ${PROJECT_SOURCE_DIR}/programs/${name}.ptx)
    message(FATAL_ERROR "tests/golden/${name}.json has no programs/${name}.ptx to run")
  endif()
  add_test(NAME golden_${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_golden.py
                   $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR} ${name}
                   --known ${CMAKE_CURRENT_LIST_DIR}/golden/KNOWN-DIFFERENCES.txt)
  set_tests_properties(golden_${name} PROPERTIES LABELS golden)
endforeach()
foreach(name ${warpsim_golden_known})
  if(NOT EXISTS ${CMAKE_CURRENT_LIST_DIR}/golden/${name}.json AND NOT EXISTS ${CMAKE_CURRENT_LIST_DIR}/golden/${name}.json.gz)
    message(FATAL_ERROR "tests/golden/KNOWN-DIFFERENCES.txt names ${name}, which has no tests/golden/${name}.json")
  endif()
endforeach()

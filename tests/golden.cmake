# Golden hardware tests: one ctest per tests/golden/NAME.json (warpsim-hwrun's JSON from a GPU,
# see tests/golden/METADATA.txt and scripts/gpu-golden.sh). Each runs
#   warpsim run programs/NAME.ptx @programs/NAME.args --json
# and compares "stdout" and "buffers" with the golden file, bit-exactly (tests/check_golden.py).
# Needs python3 and no GPU. Include from tests/CMakeLists.txt:
#   include(${CMAKE_CURRENT_SOURCE_DIR}/golden.cmake)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
file(GLOB warpsim_golden_files ${CMAKE_CURRENT_LIST_DIR}/golden/*.json)
foreach(f ${warpsim_golden_files})
  get_filename_component(name ${f} NAME_WE)
  if(EXISTS ${PROJECT_SOURCE_DIR}/programs/${name}.ptx)
    add_test(NAME golden_${name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_golden.py
                     $<TARGET_FILE:warpsim> ${PROJECT_SOURCE_DIR} ${name})
    set_tests_properties(golden_${name} PROPERTIES LABELS golden)
  endif()
endforeach()

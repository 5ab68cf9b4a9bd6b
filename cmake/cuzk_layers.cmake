# One library per layer of DESIGN.md. Sources are globbed so that adding a file to a layer
# needs no CMake edit; dependencies are declared once, here, and point down the layer table.
function(cuzk_layer name)
  cmake_parse_arguments(L "" "" "DEPS;LIBS" ${ARGN})
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*.cpp)
  if(_srcs)
    add_library(cuzk_${name} STATIC ${_srcs})
    target_include_directories(cuzk_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    set(_vis PUBLIC)
  else()
    add_library(cuzk_${name} INTERFACE)
    target_include_directories(cuzk_${name} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    set(_vis INTERFACE)
  endif()
  foreach(d ${L_DEPS})
    target_link_libraries(cuzk_${name} ${_vis} cuzk_${d})
  endforeach()
  if(L_LIBS)
    target_link_libraries(cuzk_${name} ${_vis} ${L_LIBS})
  endif()
  add_library(cuzk::${name} ALIAS cuzk_${name})
endfunction()

# tests/<layer>/<name>_test.cpp each become one GoogleTest binary, test_<layer>_<name>, with every
# test registered in ctest (label = layer). One binary per file keeps a half-written test from
# breaking the build of its neighbours and keeps incremental builds small.
function(cuzk_test_suite name)
  cmake_parse_arguments(T "" "TIMEOUT" "DEPS;LABELS;LIBS" ${ARGN})
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*_test.cpp)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 1200)
  endif()
  foreach(src ${_srcs})
    get_filename_component(stem ${src} NAME_WE)
    string(REGEX REPLACE "_test$" "" stem ${stem})
    set(exe test_${name}_${stem})
    add_executable(${exe} ${src})
    target_include_directories(${exe} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
    foreach(d ${T_DEPS})
      target_link_libraries(${exe} PRIVATE cuzk_${d})
    endforeach()
    target_link_libraries(${exe} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
    set(_labels "${name};${T_LABELS}")
    if(stem MATCHES "_long$") # tests/<layer>/*_long_test.cpp: slow (over ~30 s), still run in CI
      # one label only: gtest_discover_tests cannot carry a list of labels through its script
      set(_labels long)
    endif()
    gtest_discover_tests(${exe}
      DISCOVERY_TIMEOUT 120
      PROPERTIES TIMEOUT ${T_TIMEOUT} LABELS "${_labels}")
  endforeach()
endfunction()

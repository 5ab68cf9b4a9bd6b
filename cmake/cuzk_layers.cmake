# One library per layer of DESIGN.md. Sources are globbed so that adding a file to a layer
# needs no CMake edit; dependencies are declared once, here, and point down the layer table.
# A sub-layer folder (filecoin/core) is the library cuzk_filecoin_core; DEPS name layers the same way.
function(cuzk_layer name)
  cmake_parse_arguments(L "" "" "DEPS;LIBS" ${ARGN})
  string(REPLACE "/" "_" _t ${name})
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*.cpp)
  if(_srcs)
    add_library(cuzk_${_t} STATIC ${_srcs})
    target_include_directories(cuzk_${_t} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    set(_vis PUBLIC)
  else()
    add_library(cuzk_${_t} INTERFACE)
    target_include_directories(cuzk_${_t} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    set(_vis INTERFACE)
  endif()
  foreach(d ${L_DEPS})
    string(REPLACE "/" "_" d ${d})
    target_link_libraries(cuzk_${_t} ${_vis} cuzk_${d})
  endforeach()
  if(L_LIBS)
    target_link_libraries(cuzk_${_t} ${_vis} ${L_LIBS})
  endif()
  add_library(cuzk::${_t} ALIAS cuzk_${_t})
endfunction()

# tests/<layer>/<name>_test.cpp each become one GoogleTest binary, test_<layer>_<name>, with every
# test registered in ctest (label = layer; test_filecoin_core_<name> for tests/filecoin/core). One binary per file keeps a half-written test from
# breaking the build of its neighbours and keeps incremental builds small.
function(cuzk_test_suite name)
  # FIXTURES_REQUIRED / ENVIRONMENT pass through to every test of the suite (expensive shared setup)
  cmake_parse_arguments(T "" "TIMEOUT;FIXTURES_REQUIRED;ENVIRONMENT" "DEPS;LABELS;LIBS" ${ARGN})
  set(_extra)
  if(T_FIXTURES_REQUIRED)
    list(APPEND _extra FIXTURES_REQUIRED ${T_FIXTURES_REQUIRED})
  endif()
  if(T_ENVIRONMENT)
    list(APPEND _extra ENVIRONMENT ${T_ENVIRONMENT})
  endif()
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*_test.cpp)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 1200)
  endif()
  foreach(src ${_srcs})
    get_filename_component(stem ${src} NAME_WE)
    string(REGEX REPLACE "_test$" "" stem ${stem})
    string(REPLACE "/" "_" exe test_${name}_${stem})
    add_executable(${exe} ${src})
    target_include_directories(${exe} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
    # A test's own file holds assertions and fixtures; the work it checks (synthesis, MSMs, NTTs,
    # parsers) lives in the layers, which keep the build's level. At -O1 a test file compiles in
    # 40-60% of its -O3 time, and test files are most of the build on CI's two cores.
    target_compile_options(${exe} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-O1>)
    foreach(d ${T_DEPS})
      string(REPLACE "/" "_" d ${d})
      target_link_libraries(${exe} PRIVATE cuzk_${d})
    endforeach()
    target_link_libraries(${exe} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
    set(_labels "${name};${T_LABELS}")
    if(CUZK_SANITIZE AND exe IN_LIST CUZK_SANITIZE_TESTS) # tests/CMakeLists.txt's list, in the sanitizer build
      set(_labels sanitize) # one label only, as for long below
    endif()
    if(stem MATCHES "_long$") # tests/<layer>/*_long_test.cpp: slow (over ~30 s), still run in CI
      # one label only: gtest_discover_tests cannot carry a list of labels through its script
      set(_labels long)
    endif()
    # ctest --parallel starts the costliest tests first: a fresh build has no timings of its own,
    # and a minutes-long test started last leaves a core idle while it finishes alone
    set(_cost 1)
    if("long" IN_LIST _labels)
      set(_cost 100)
    endif()
    gtest_discover_tests(${exe}
      DISCOVERY_TIMEOUT 120
      PROPERTIES TIMEOUT ${T_TIMEOUT} LABELS "${_labels}" COST ${_cost} ${_extra})
  endforeach()
endfunction()

# Fails the configure step when `target` links any of the FORBIDDEN libraries, directly or through
# the libraries it links (LINK_LIBRARIES, then each library's INTERFACE_LINK_LIBRARIES). It is how
# the layer rule "the engine and the daemon never link filecoin/testing" is checked by CMake itself.
function(cuzk_forbid_link target)
  cmake_parse_arguments(F "" "" "FORBIDDEN" ${ARGN})
  get_target_property(_todo ${target} LINK_LIBRARIES)
  if(NOT _todo)
    set(_todo)
  endif()
  set(_seen)
  while(_todo)
    list(POP_FRONT _todo _lib)
    # static libraries wrap their private deps as $<LINK_ONLY:x>; other genexes are not ours
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" _lib "${_lib}")
    if(_lib IN_LIST _seen OR NOT TARGET ${_lib})
      continue()
    endif()
    list(APPEND _seen ${_lib})
    get_target_property(_real ${_lib} ALIASED_TARGET)
    if(_real)
      set(_lib ${_real})
    endif()
    if(_lib IN_LIST F_FORBIDDEN)
      message(FATAL_ERROR "${target} links ${_lib} (DESIGN.md: never linked by the engine or the daemon)")
    endif()
    get_target_property(_deps ${_lib} INTERFACE_LINK_LIBRARIES)
    if(_deps)
      list(APPEND _todo ${_deps})
    endif()
    get_target_property(_type ${_lib} TYPE)
    if(NOT _type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(_deps ${_lib} LINK_LIBRARIES)
      if(_deps)
        list(APPEND _todo ${_deps})
      endif()
    endif()
  endwhile()
endfunction()

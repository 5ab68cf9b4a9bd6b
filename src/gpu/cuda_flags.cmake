# Included by every CMakeLists.txt that compiles .cu files (src/gpu, tests/gpu, bench/gpu).
# The project's warning flags (add_compile_options at the root) are gcc flags that nvcc rejects
# ("Unknown option '-Wall'"), so in these directories they apply to C++ sources only.
get_directory_property(_cuzk_opts COMPILE_OPTIONS)
set(_cuzk_wrapped "")
foreach(o IN LISTS _cuzk_opts)
  if(o MATCHES "^\\$<")
    list(APPEND _cuzk_wrapped "${o}")
  else()
    list(APPEND _cuzk_wrapped "$<$<COMPILE_LANGUAGE:CXX>:${o}>")
  endif()
endforeach()
set_directory_properties(PROPERTIES COMPILE_OPTIONS "${_cuzk_wrapped}")

# CMake 3.25 (Debian 12) does not know nvcc 13's C++20 flag and fails with "requires the
# language dialect CUDA20"; pass it directly instead of through CUDA_STANDARD.
unset(CMAKE_CUDA_STANDARD)
set(CMAKE_CUDA_STANDARD_REQUIRED OFF)
add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-std=c++20>)

# CUZK_GPU_ONLY=ON: build src/gpu, tests/gpu (and tests/gpu_emulation) and bench/gpu alone, for GPU machines that have
# CUDA, CMake and ninja but none of the CPU stack's packages (TBB, OpenSSL, gRPC, Google
# Benchmark; GoogleTest is used when present). scripts/gpu-check.sh configures this way.
# The root CMakeLists.txt includes this file and stops, so nothing else is configured.
# ff is built from its sources; of ec only the header-only point types are used here, so it is
# an include-only target (its .cpp files need TBB and OpenSSL).
find_package(Threads REQUIRED)
if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
  set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
endif()
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES "90-real;90-virtual")
endif()
enable_language(CUDA)
set(CUZK_HAVE_CUDA ON)
message(STATUS "cuzk: GPU-only build (src/gpu, tests/gpu, bench/gpu)")

file(GLOB _ff_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/ff/*.cpp)
if(_ff_srcs)
  add_library(cuzk_ff STATIC ${_ff_srcs})
  target_include_directories(cuzk_ff PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(cuzk_ff PUBLIC Threads::Threads)
else()
  add_library(cuzk_ff INTERFACE)
  target_include_directories(cuzk_ff INTERFACE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(cuzk_ff INTERFACE Threads::Threads)
endif()
# With oneTBB available (scripts/gpu-deps.sh stages Debian's into .deps/ for offline GPU machines),
# the CPU backend's ec, poly and msm are built too, so tests/gpu can compare the kernels with it.
find_package(TBB QUIET)
if(TBB_FOUND)
  set(CUZK_GPU_CPU_REFERENCE ON)
  foreach(layer ec poly msm)
    file(GLOB _layer_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${layer}/*.cpp)
    add_library(cuzk_${layer} STATIC ${_layer_srcs})
    target_include_directories(cuzk_${layer} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(cuzk_${layer} PUBLIC cuzk_ff TBB::tbb)
  endforeach()
  target_link_libraries(cuzk_poly PUBLIC cuzk_ec)
  target_link_libraries(cuzk_msm PUBLIC cuzk_ec)
  # r1cs and groth16 (no OpenSSL needed) for the GPU Groth16 backend and its CPU comparison; r1cs
  # packs witnesses with oneTBB (r1cs/packed_values.cpp)
  foreach(layer r1cs groth16)
    file(GLOB _layer_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${layer}/*.cpp)
    add_library(cuzk_${layer} STATIC ${_layer_srcs})
    target_include_directories(cuzk_${layer} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(cuzk_${layer} PUBLIC cuzk_ff TBB::tbb)
  endforeach()
  target_link_libraries(cuzk_groth16 PUBLIC cuzk_ec cuzk_poly cuzk_msm cuzk_r1cs TBB::tbb)
  # of pce only the evaluation (the CPU reference of the device's) and deferred a, b, c: recording
  # and the file format need OpenSSL and the gadgets, which GPU machines need not have
  add_library(cuzk_pce STATIC ${PROJECT_SOURCE_DIR}/src/pce/evaluate.cpp ${PROJECT_SOURCE_DIR}/src/pce/deferred.cpp)
  target_include_directories(cuzk_pce PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(cuzk_pce PUBLIC cuzk_r1cs cuzk_ff TBB::tbb)
  message(STATUS "cuzk: oneTBB found; GPU tests compare with the CPU backend (poly, msm, groth16)")
else()
  set(CUZK_GPU_CPU_REFERENCE OFF)
  add_library(cuzk_ec INTERFACE)
  target_link_libraries(cuzk_ec INTERFACE cuzk_ff)
endif()

add_subdirectory(src/gpu)
if(CUZK_BUILD_TESTS)
  enable_testing()
  add_subdirectory(tests/gpu)
  add_subdirectory(tests/gpu_emulation)
endif()

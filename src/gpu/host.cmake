# cuzk_gpu_host: the CUDA backend's host-only parts (the NTT pass schedule, the MSM knobs), built in
# every configuration, CUDA or not, so that the device code's host twins (tests/gpu_emulation) are
# registered and run everywhere, CI included. src/gpu's CUDA library links it.
add_library(cuzk_gpu_host STATIC ${CMAKE_CURRENT_LIST_DIR}/ntt_schedule.cpp)
target_include_directories(cuzk_gpu_host PUBLIC ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(cuzk_gpu_host PUBLIC cuzk_ec cuzk_ff)

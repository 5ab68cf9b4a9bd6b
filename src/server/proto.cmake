# src/server/proto.cmake — cuzk_proto: the C++ messages and gRPC stubs generated from
# proto/cuzk/v1/proving.proto (the wire contract, spec/cuzk-api.md §1).
#
# One generated .pb/.grpc.pb pair, compiled once into one static library that the server layer,
# the daemon, cuzk-bench and the tests share (gRPC code is slow to compile; CI has 2 cores).
# Debian 12 ships protoc and grpc_cpp_plugin (protobuf-compiler, protobuf-compiler-grpc) and
# gRPC's pkg-config file; its gRPC CMake package drags in abseil's, so pkg-config is used.
find_package(Protobuf REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(CUZK_GRPCPP REQUIRED IMPORTED_TARGET grpc++)
find_program(CUZK_GRPC_CPP_PLUGIN grpc_cpp_plugin REQUIRED)

set(_proto_root ${PROJECT_SOURCE_DIR}/proto)
set(_proto_file ${_proto_root}/cuzk/v1/proving.proto)
set(_gen_dir ${PROJECT_BINARY_DIR}/generated)
set(_gen_srcs ${_gen_dir}/cuzk/v1/proving.pb.cc ${_gen_dir}/cuzk/v1/proving.grpc.pb.cc)
set(_gen_hdrs ${_gen_dir}/cuzk/v1/proving.pb.h ${_gen_dir}/cuzk/v1/proving.grpc.pb.h)

add_custom_command(
  OUTPUT ${_gen_srcs} ${_gen_hdrs}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_gen_dir}
  COMMAND protobuf::protoc --proto_path=${_proto_root} --cpp_out=${_gen_dir} --grpc_out=${_gen_dir}
          --plugin=protoc-gen-grpc=${CUZK_GRPC_CPP_PLUGIN} ${_proto_file}
  DEPENDS ${_proto_file}
  COMMENT "protoc: cuzk/v1/proving.proto -> C++ messages and gRPC stubs"
  VERBATIM)

add_library(cuzk_proto STATIC ${_gen_srcs})
# generated code is not ours to warn about
target_compile_options(cuzk_proto PRIVATE -w)
target_include_directories(cuzk_proto PUBLIC ${_gen_dir})
target_link_libraries(cuzk_proto PUBLIC protobuf::libprotobuf PkgConfig::CUZK_GRPCPP)

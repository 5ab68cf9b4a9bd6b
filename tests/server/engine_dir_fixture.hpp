// tests/server/engine_dir_fixture.hpp — the engine behind a server test: a small CPU engine whose
// parameter directory is a fresh temporary one (the listeners and admission checks tested here need
// no parameters; the tests keep their sockets and files there too), removed after each test.
#pragma once
#include "engine/engine.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>

namespace cuzk::server {

class EngineDirTest : public ::testing::Test {
protected:
  //! makes dir_ from a mkdtemp template and returns the config of a one-CPU-device engine over it
  engine::EngineConfig MakeDir(std::string tmpl) {
    dir_ = mkdtemp(tmpl.data());
    engine::EngineConfig config;
    config.param_dir = dir_;
    config.working_memory_bytes = uint64_t(1) << 30;
    config.devices = {engine::CpuDevice(1)};
    return config;
  }
  void TearDown() override {
    engine_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::string dir_;
  std::unique_ptr<engine::Engine> engine_;
};

} // namespace cuzk::server

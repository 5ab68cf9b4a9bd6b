// apps/cuzk-bench/params_command.cpp — `params`: local, insecure Groth16 parameters for the blank
// circuit of a proof kind and sector size, under the official file names, so that the daemon and
// the tests load them like the real ones (DESIGN.md "Test parameters").
//
//   cuzk-bench params --type porep --sector-size 2KiB [--param-dir D] [--seed N] [--gpu | --cpu]
//                     [--device N] [--json FILE]
//
// The fixed-base multiplications run on a GPU where the CUDA backend is built and a device is
// present (--gpu requires one, --cpu forces the CPU); the files are byte-identical either way.
// Files already in D are reused. The directory defaults to the daemon's: $FIL_PROOFS_PARAMETER_CACHE,
// else /var/tmp/filecoin-proof-parameters.
#include "params_command.hpp"

#include "filecoin/core/parameter_names.hpp"
#include "filecoin/testing/test_params.hpp"
#if CUZK_HAVE_CUDA
#include "gpu/device.hpp"
#include "gpu/setup_multiplier.hpp"
#endif

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <sys/resource.h>

namespace cuzk::bench {
namespace {

struct ParamsOptions {
  std::string type = "porep";
  std::string sector_size = "2KiB";
  std::string param_dir;
  std::optional<uint64_t> seed;
  bool gpu = false, cpu = false;
  int device = 0;
  std::string json_path;
};

// The multiplier the options ask for: nullptr is the CPU's. *why says why a GPU is not used.
std::unique_ptr<groth16::FixedBaseMultiplier> PickMultiplier(const ParamsOptions &o, std::string &why) {
  if (o.cpu) {
    why = "--cpu";
    return nullptr;
  }
#if CUZK_HAVE_CUDA
  if (gpu::DeviceCount() == 0) {
    why = "no CUDA device";
    return nullptr;
  }
  try {
    return std::make_unique<gpu::GpuFixedBaseMultiplier>(gpu::Device::ByOrdinal(o.device));
  } catch (const std::exception &e) {
    why = std::string("device ") + std::to_string(o.device) + ": " + e.what();
    return nullptr;
  }
#else
  why = "built without the CUDA backend";
  return nullptr;
#endif
}

// the process's peak resident memory so far, bytes
size_t PeakRssBytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return size_t(u.ru_maxrss) * 1024;
}

void WriteJson(const std::string &path, const ParamsOptions &o, const std::string &multiplier,
               const filecoin::TestParamFiles &f) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "warning: cannot write %s\n", path.c_str());
    return;
  }
  const groth16::SetupTimings &t = f.timings;
  std::fprintf(out,
               "{\n  \"type\": \"%s\", \"sector_size\": \"%s\", \"multiplier\": \"%s\", \"generated\": %s,\n"
               "  \"params_path\": \"%s\", \"params_bytes\": %zu, \"constraints\": %zu, \"inputs\": %zu,\n"
               "  \"points\": {\"ic\": %zu, \"h\": %zu, \"l\": %zu, \"a\": %zu, \"b_g1\": %zu, \"b_g2\": %zu},\n"
               "  \"seconds\": {\"synthesis\": %.3f, \"columns\": %.3f, \"scalars\": %.3f, \"vk\": %.3f, \"ic\": %.3f,"
               " \"h\": %.3f, \"l\": %.3f, \"a\": %.3f, \"b_g1\": %.3f, \"b_g2\": %.3f, \"write\": %.3f,"
               " \"setup_total\": %.3f},\n"
               "  \"write_mb_per_s\": %.1f, \"peak_rss_bytes\": %zu\n}\n",
               o.type.c_str(), o.sector_size.c_str(), multiplier.c_str(), f.generated ? "true" : "false",
               f.params_path.c_str(), f.params_bytes, f.constraints, f.inputs, t.ic, t.h, t.l, t.a, t.b_g1, t.b_g2,
               f.synthesis_s, t.columns_s, t.scalars_s, t.vk_s, t.ic_s, t.h_s, t.l_s, t.a_s, t.b_g1_s, t.b_g2_s,
               f.write_s, f.setup_s, t.sink_s > 0 ? double(f.params_bytes) / t.sink_s / 1e6 : 0.0, PeakRssBytes());
  std::fclose(out);
}

int RunParams(const ParamsOptions &options) {
  const auto kind = filecoin::ParseCircuitKind(options.type);
  if (!kind) {
    std::fprintf(stderr, "error: unknown --type %s (porep, wpost, winning, snap)\n", options.type.c_str());
    return 2;
  }
  const auto size = filecoin::ParseSectorSize(options.sector_size);
  if (!size) {
    std::fprintf(stderr, "error: cannot read --sector-size %s (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)\n",
                 options.sector_size.c_str());
    return 2;
  }
  filecoin::TestParamsRequest request;
  request.kind = *kind;
  request.sector_size = *size;
  request.dir = options.param_dir.empty() ? filecoin::DefaultParameterCache() : options.param_dir;
  request.seed = options.seed;
  std::string why_cpu;
  const std::unique_ptr<groth16::FixedBaseMultiplier> multiplier = PickMultiplier(options, why_cpu);
  if (options.gpu && !multiplier) {
    std::fprintf(stderr, "error: --gpu: %s\n", why_cpu.c_str());
    return 2;
  }
  request.multiplier = multiplier.get();
  const std::string multiplier_name = multiplier ? multiplier->Name() : "cpu (" + why_cpu + ")";
  std::printf("%s %s parameters in %s, fixed-base multiplications on %s ...\n",
              std::string(filecoin::CircuitKindName(*kind)).c_str(), options.sector_size.c_str(), request.dir.c_str(),
              multiplier_name.c_str());
  std::fflush(stdout);
  auto files = filecoin::EnsureTestParameters(request);
  if (!files) {
    std::fprintf(stderr, "error: %s\n", files.ErrorMessage().c_str());
    return 1;
  }
  if (!files->generated) {
    std::printf("reusing %s.{params,vk} (already in %s)\n", files->cache_id.c_str(), request.dir.c_str());
    if (!options.json_path.empty()) WriteJson(options.json_path, options, multiplier_name, *files);
    return 0;
  }
  const groth16::SetupTimings &t = files->timings;
  std::printf("wrote TEST parameters (local insecure setup: whoever ran it can forge proofs; for tests only)\n"
              "  %s (%.2f GB)\n  %s\n"
              "  %zu constraints, %zu inputs; points ic %zu, h %zu, l %zu, a %zu, b_g1 %zu, b_g2 %zu\n"
              "  synthesis %.1f s; setup %.1f s = columns %.1f s, scalars %.1f s, multiplications vk %.2f s, ic %.2f s,"
              " h %.1f s, l %.1f s, a %.1f s, b_g1 %.1f s, b_g2 %.1f s, write %.1f s (%.0f MB/s); peak RSS %.1f GB\n",
              files->params_path.c_str(), double(files->params_bytes) / 1e9, files->vk_path.c_str(), files->constraints,
              files->inputs, t.ic, t.h, t.l, t.a, t.b_g1, t.b_g2, files->synthesis_s, files->setup_s, t.columns_s,
              t.scalars_s, t.vk_s, t.ic_s, t.h_s, t.l_s, t.a_s, t.b_g1_s, t.b_g2_s, files->write_s,
              t.sink_s > 0 ? double(files->params_bytes) / t.sink_s / 1e6 : 0.0, double(PeakRssBytes()) / 1e9);
  if (!options.json_path.empty()) WriteJson(options.json_path, options, multiplier_name, *files);
  return 0;
}

} // namespace

void AddParamsCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<ParamsOptions>();
  CLI::App *cmd = app.add_subcommand("params", "generate TEST Groth16 parameters (insecure) with official file names");
  cmd->add_option("-t,--type", options->type, "porep | wpost | winning | snap")->capture_default_str();
  cmd->add_option("--sector-size", options->sector_size, "2KiB, 8MiB, 512MiB, 32GiB, 64GiB")->capture_default_str();
  cmd->add_option("--param-dir", options->param_dir,
                  "output directory (default $FIL_PROOFS_PARAMETER_CACHE or /var/tmp/filecoin-proof-parameters)");
  cmd->add_option("--seed", options->seed, "seed the setup's secrets (reproducible files)");
  auto *gpu_flag =
      cmd->add_flag("--gpu", options->gpu, "multiply on a GPU (the default where one is present); fail without");
  cmd->add_flag("--cpu", options->cpu, "multiply on the CPU")->excludes(gpu_flag);
  cmd->add_option("--device", options->device, "CUDA ordinal of the GPU")->capture_default_str();
  cmd->add_option("--json", options->json_path, "also write sizes and seconds per phase there as JSON");
  cmd->callback([options, &exit_code] { exit_code = RunParams(*options); });
}

} // namespace cuzk::bench

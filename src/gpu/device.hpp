// src/gpu/device.hpp — the registry of CUDA devices and the explicit-device handle.
//
// DESIGN.md rule 2: every GPU call names its device, and the thread that makes it calls
// cudaSetDevice itself (Device::MakeCurrent). A device is identified by UUID and PCI bus id,
// never only by its position in a list. Nothing here reads or writes CUDA_VISIBLE_DEVICES; a
// value set before the process started is applied by the CUDA runtime itself, and ordinals are
// then positions among the visible devices.
#pragma once
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::gpu {

struct DeviceInfo {
  int ordinal = -1;        //!< CUDA runtime ordinal in this process
  std::string name;        //!< e.g. "NVIDIA H200"
  std::string uuid;        //!< "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi prints it
  std::string pci_bus_id;  //!< "0000:18:00.0"
  size_t total_memory = 0; //!< bytes
  size_t free_memory = 0;  //!< bytes, when the registry was read
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
};

//! Number of CUDA devices; 0 when there is no device or no driver (never throws).
int DeviceCount() noexcept;

//! Every visible device with its properties (throws CudaError).
std::vector<DeviceInfo> ListDevices();

//! A chosen device. Cheap to copy; holds no CUDA state.
class Device {
public:
  //! by runtime ordinal; throws std::out_of_range when there is no such device
  static Device ByOrdinal(int ordinal);
  //! by UUID, with or without the "GPU-" prefix, case-insensitive; throws std::invalid_argument
  static Device ByUuid(std::string_view uuid);
  //! a config selector (`gpus.devices` entry): a decimal ordinal or a UUID
  static Device Select(std::string_view selector);

  int Ordinal() const { return ordinal_; }
  const std::string &Uuid() const { return uuid_; }
  //! cudaSetDevice in the calling thread; every GPU entry point calls it first
  void MakeCurrent() const;
  //! properties, with free memory read now
  DeviceInfo Info() const;
  //! whether the device still runs work: sets it, waits for it and makes a small allocation. A
  //! device whose context hit a sticky error (illegal address, ECC, lost) fails this; on failure
  //! *why says what the runtime reported. Never throws.
  bool Usable(std::string *why = nullptr) const noexcept;

private:
  Device(int ordinal, std::string uuid) : ordinal_(ordinal), uuid_(std::move(uuid)) {}
  int ordinal_;
  std::string uuid_;
};

//! The lock of one physical device (by UUID, so two handles of the same GPU share it): the GPU
//! prover holds it while its kernels run, so the workers of one device take turns on it while
//! their host-side work overlaps.
std::mutex &DeviceLock(const Device &dev);

} // namespace cuzk::gpu

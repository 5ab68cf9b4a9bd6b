// src/r1cs/small_vector.hpp — a vector that keeps its first N elements inline.
//
// Linear combinations are built by the million during synthesis and most have one to four
// terms; keeping those inline avoids a heap allocation per constraint. Restricted to trivially
// copyable element types (field elements, terms), so moves and growth are plain memcpy.
#pragma once
#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace cuzk::r1cs {

template <class T, size_t N> class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  SmallVector() = default;
  SmallVector(const SmallVector &o) { Assign(o); }
  SmallVector(SmallVector &&o) noexcept { Steal(o); }
  SmallVector &operator=(const SmallVector &o) {
    if (this != &o) {
      size_ = 0;
      Assign(o);
    }
    return *this;
  }
  SmallVector &operator=(SmallVector &&o) noexcept {
    if (this != &o) {
      Release();
      Steal(o);
    }
    return *this;
  }
  ~SmallVector() { Release(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T *data() { return heap_ ? heap_ : Inline(); }
  const T *data() const { return heap_ ? heap_ : Inline(); }
  T *begin() { return data(); }
  T *end() { return data() + size_; }
  const T *begin() const { return data(); }
  const T *end() const { return data() + size_; }
  T &operator[](size_t i) { return data()[i]; }
  const T &operator[](size_t i) const { return data()[i]; }
  T &back() { return data()[size_ - 1]; }
  const T &back() const { return data()[size_ - 1]; }
  void clear() { size_ = 0; }

  void reserve(size_t n) {
    if (n <= Capacity()) return;
    T *p = static_cast<T *>(std::malloc(n * sizeof(T)));
    if (!p) throw std::bad_alloc();
    std::memcpy(static_cast<void *>(p), data(), size_ * sizeof(T));
    if (heap_) std::free(heap_);
    heap_ = p;
    capacity_ = n;
  }
  void push_back(const T &v) {
    if (size_ == Capacity()) reserve(Capacity() * 2);
    data()[size_++] = v;
  }
  //! inserts v before position pos (0 ≤ pos ≤ size)
  void insert(size_t pos, const T &v) {
    assert(pos <= size_);
    if (size_ == Capacity()) reserve(Capacity() * 2);
    T *d = data();
    std::memmove(static_cast<void *>(d + pos + 1), d + pos, (size_ - pos) * sizeof(T));
    d[pos] = v;
    size_++;
  }

private:
  size_t Capacity() const { return heap_ ? capacity_ : N; }
  T *Inline() { return std::launder(reinterpret_cast<T *>(inline_)); }
  const T *Inline() const { return std::launder(reinterpret_cast<const T *>(inline_)); }
  void Assign(const SmallVector &o) {
    reserve(o.size_);
    std::memcpy(static_cast<void *>(data()), o.data(), o.size_ * sizeof(T));
    size_ = o.size_;
  }
  void Steal(SmallVector &o) {
    if (o.heap_) {
      heap_ = o.heap_;
      capacity_ = o.capacity_;
      size_ = o.size_;
      o.heap_ = nullptr;
      o.size_ = 0;
    } else {
      heap_ = nullptr;
      std::memcpy(static_cast<void *>(Inline()), o.Inline(), o.size_ * sizeof(T));
      size_ = o.size_;
      o.size_ = 0;
    }
  }
  void Release() {
    if (heap_) std::free(heap_);
    heap_ = nullptr;
    size_ = 0;
  }

  alignas(T) unsigned char inline_[N * sizeof(T)];
  T *heap_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

} // namespace cuzk::r1cs

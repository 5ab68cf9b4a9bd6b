// src/r1cs/function_ref.hpp — a non-owning reference to a callable.
//
// Value callbacks of alloc() are called at most once, while the call is on the stack; a
// std::function would copy (and maybe heap-allocate) every gadget's lambda for nothing.
#pragma once
#include <memory>
#include <type_traits>
#include <utility>

namespace cuzk::r1cs {

template <class Sig> class FunctionRef;

template <class R, class... Args> class FunctionRef<R(Args...)> {
public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> && std::is_invocable_r_v<R, F &, Args...>)
      FunctionRef(F &&f) // NOLINT: implicit on purpose, like a function pointer
      : obj_(const_cast<void *>(static_cast<const void *>(std::addressof(f)))), call_([](void *o, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F> *>(o))(std::forward<Args>(args)...);
        }) {}

  R operator()(Args... args) const { return call_(obj_, std::forward<Args>(args)...); }

private:
  void *obj_;
  R (*call_)(void *, Args...);
};

} // namespace cuzk::r1cs

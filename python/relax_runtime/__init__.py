"""Load and call libraries that relax-compile writes, from Python.

    import numpy as np, relax_runtime
    module = relax_runtime.Module("model.so", weights="model.safetensors")
    y = module["main"](np.ones((4, 784), np.float32))   # a numpy array

Inputs are any tensors that speak DLPack (numpy arrays, torch tensors, ...):
they are passed without a copy. Results are numpy arrays by default, also
without a copy; `Function.call` returns `Tensor`s instead, which
`torch.from_dlpack` and `numpy.from_dlpack` take. Errors raise `RelaxError`.

This package wraps the C API of librelax_runtime
(include/Relax/Runtime/RelaxModule.h) with ctypes; it finds the library in
the lib directory next to its own (python/ and lib/ of a build or an
installation), or at $RELAX_RUNTIME_LIBRARY.
"""

import ctypes
import json
import os

__all__ = ["Module", "Function", "Tensor", "KVCache", "RelaxError"]


class RelaxError(RuntimeError):
    """A call of the C API that did not return RELAX_OK."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device),
                ("ndim", ctypes.c_int), ("dtype", _DataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    pass


_Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensor))
_DLManagedTensor._fields_ = [("dl_tensor", _DLTensor),
                             ("manager_ctx", ctypes.c_void_p),
                             ("deleter", _Deleter)]



class _KVCacheStep(ctypes.Structure):
    _fields_ = [("pages", _DLTensor), ("page_table", _DLTensor), ("q_seq", _DLTensor),
                ("q_pos", _DLTensor), ("slots", _DLTensor), ("last_tokens", _DLTensor)]


_KDL_CPU = 1
_CAPSULE_NAME = b"dltensor"


def _load_library():
    path = os.environ.get("RELAX_RUNTIME_LIBRARY")
    if not path:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, os.pardir, os.pardir, "lib", "librelax_runtime.so")
    lib = ctypes.CDLL(os.path.normpath(path))
    c = ctypes
    lib.relaxGetLastErrorMessage.restype = c.c_char_p
    lib.relaxModuleLoad.argtypes = [c.c_char_p, c.c_char_p, c.POINTER(c.c_void_p)]
    lib.relaxModuleFree.argtypes = [c.c_void_p]
    lib.relaxModuleGetMetadata.argtypes = [c.c_void_p]
    lib.relaxModuleGetMetadata.restype = c.c_char_p
    lib.relaxModuleGetFunction.argtypes = [c.c_void_p, c.c_char_p, c.POINTER(c.c_void_p)]
    lib.relaxFunctionGetNumInputs.argtypes = [c.c_void_p]
    lib.relaxFunctionGetNumResults.argtypes = [c.c_void_p]
    lib.relaxFunctionCall.argtypes = [c.c_void_p, c.POINTER(_DLTensor), c.c_int,
                                      c.POINTER(c.POINTER(_DLManagedTensor)), c.c_int]
    lib.relaxKVCacheCreate.argtypes = [c.c_int64, c.c_int64, c.c_int64, c.c_int64,
                                       c.c_int64, _DataType, c.POINTER(c.c_void_p)]
    lib.relaxModuleCreateKVCache.argtypes = [c.c_void_p, c.c_int64, c.c_int64, c.c_int64,
                                             c.c_int64, c.c_int64, _DataType,
                                             c.POINTER(c.c_void_p)]
    lib.relaxKVCacheFree.argtypes = [c.c_void_p]
    lib.relaxKVCacheAddSequence.argtypes = [c.c_void_p, c.c_int64]
    lib.relaxKVCacheRemoveSequence.argtypes = [c.c_void_p, c.c_int64]
    lib.relaxKVCacheForkSequence.argtypes = [c.c_void_p, c.c_int64, c.c_int64, c.c_int64]
    lib.relaxKVCachePopN.argtypes = [c.c_void_p, c.c_int64, c.c_int64]
    lib.relaxKVCacheGetLength.argtypes = [c.c_void_p, c.c_int64, c.POINTER(c.c_int64)]
    lib.relaxKVCacheGetNumFreePages.argtypes = [c.c_void_p]
    lib.relaxKVCacheGetNumFreePages.restype = c.c_int64
    lib.relaxKVCacheBeginStep.argtypes = [c.c_void_p, c.POINTER(c.c_int64),
                                          c.POINTER(c.c_int64), c.c_int,
                                          c.POINTER(_KVCacheStep)]
    return lib


_lib = _load_library()

# PyCapsule functions, taking the capsule as a plain pointer so that the
# destructor below never touches a reference count of a dying object.
_api = ctypes.pythonapi
_api.PyCapsule_New.restype = ctypes.py_object
_api.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_IsValid.restype = ctypes.c_int
_api.PyCapsule_IsValid.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_raw_get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _release_unconsumed(capsule):
    # A consumer renames the capsule and owns the tensor; one that was never
    # consumed still holds it.
    if _api.PyCapsule_IsValid(capsule, _CAPSULE_NAME):
        managed = ctypes.cast(_raw_get_pointer(capsule, _CAPSULE_NAME),
                              ctypes.POINTER(_DLManagedTensor))
        managed.contents.deleter(managed)


# DLManagedTensors of tensors the runtime owns (a KV cache's), kept alive
# until their consumer releases them.
_borrowed = {}


@_Deleter
def _release_borrowed(managed):
    _borrowed.pop(ctypes.addressof(managed.contents), None)


class _Borrowed:
    """A tensor that an object of the runtime owns, lent through DLPack: it
    stays valid while `owner` lives and does not change it."""

    def __init__(self, tensor, owner):
        self._tensor = tensor
        self._owner = owner
        self.shape = tuple(tensor.shape[d] for d in range(tensor.ndim))

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        managed = _DLManagedTensor()
        managed.dl_tensor = self._tensor
        managed.deleter = _release_borrowed
        _borrowed[ctypes.addressof(managed)] = (managed, self._owner)
        return _api.PyCapsule_New(ctypes.addressof(managed), _CAPSULE_NAME,
                                  ctypes.cast(_release_unconsumed, ctypes.c_void_p))

    def __dlpack_device__(self):
        return (self._tensor.device.device_type, self._tensor.device.device_id)

    def numpy(self):
        """A copy, as a numpy array."""
        import numpy
        return numpy.from_dlpack(self).copy()


def _check(status):
    if status != 0:
        raise RelaxError(status, _lib.relaxGetLastErrorMessage().decode())


class Tensor:
    """A result of a call: a CPU tensor that DLPack consumers take once."""

    def __init__(self, managed):
        self._capsule = _api.PyCapsule_New(
            ctypes.cast(managed, ctypes.c_void_p), _CAPSULE_NAME,
            ctypes.cast(_release_unconsumed, ctypes.c_void_p))
        tensor = managed.contents.dl_tensor
        self.shape = tuple(tensor.shape[d] for d in range(tensor.ndim))

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        if self._capsule is None:
            raise BufferError("the tensor was already consumed")
        capsule, self._capsule = self._capsule, None
        return capsule

    def __dlpack_device__(self):
        return (_KDL_CPU, 0)

    def numpy(self):
        import numpy
        return numpy.from_dlpack(self)


class Function:
    """A graph function of a Module; call it with its inputs, in order."""

    def __init__(self, module, name, handle):
        self._module = module  # Keeps the library loaded.
        self.name = name
        self._handle = handle
        self.num_inputs = _lib.relaxFunctionGetNumInputs(handle)
        self.num_results = _lib.relaxFunctionGetNumResults(handle)

    def call(self, *inputs):
        """Calls the function; returns a list of Tensor."""
        if len(inputs) != self.num_inputs:
            raise RelaxError(1, f"@{self.name} takes {self.num_inputs} inputs, "
                                f"but {len(inputs)} were given")
        capsules, tensors = [], (_DLTensor * max(1, len(inputs)))()
        for i, value in enumerate(inputs):
            if not hasattr(value, "__dlpack__"):
                raise RelaxError(1, f"input #{i} of @{self.name} is a "
                                    f"{type(value).__name__}, not a DLPack tensor")
            capsule = value.__dlpack__()
            capsules.append(capsule)
            managed = ctypes.cast(_api.PyCapsule_GetPointer(capsule, _CAPSULE_NAME),
                                  ctypes.POINTER(_DLManagedTensor))
            tensors[i] = managed.contents.dl_tensor
        results = (ctypes.POINTER(_DLManagedTensor) * max(1, self.num_results))()
        _check(_lib.relaxFunctionCall(self._handle, tensors, len(inputs),
                                      results, self.num_results))
        del capsules  # The producers release the inputs.
        return [Tensor(results[i]) for i in range(self.num_results)]

    def __call__(self, *inputs):
        """Calls the function; returns a numpy array, or a tuple of them."""
        arrays = tuple(t.numpy() for t in self.call(*inputs))
        return arrays[0] if len(arrays) == 1 else arrays


class Module:
    """A library that relax-compile wrote, with its weights."""

    def __init__(self, library, weights=None):
        handle = ctypes.c_void_p()
        _check(_lib.relaxModuleLoad(os.fsencode(library),
                                    os.fsencode(weights) if weights else None,
                                    ctypes.byref(handle)))
        self._handle = handle
        self.metadata = json.loads(_lib.relaxModuleGetMetadata(handle).decode())
        self._functions = {}

    @property
    def functions(self):
        """The names of the graph functions the library exports."""
        return [f["name"] for f in self.metadata["functions"]]

    def __getitem__(self, name):
        if name not in self._functions:
            handle = ctypes.c_void_p()
            _check(_lib.relaxModuleGetFunction(self._handle, name.encode(),
                                               ctypes.byref(handle)))
            self._functions[name] = Function(self, name, handle)
        return self._functions[name]

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.relaxModuleFree(self._handle)
            self._handle = None


class KVStep:
    """The tensors of one step of a KVCache, valid until its next step:
    `pages` (the cache itself, written in place by the model), `page_table`,
    `q_seq`, `q_pos`, `slots` and `last_tokens` (int32)."""

    def __init__(self, step, cache):
        for name, _ in _KVCacheStep._fields_:
            setattr(self, name, _Borrowed(getattr(step, name), cache))


class KVCache:
    """A paged KV cache (Relax/Runtime/RelaxKVCache.h): a pool of `pages`
    pages of `page_size` tokens shared by every sequence of a model. With
    `module`, the pool is where that module's functions read it: in device
    memory for a library compiled for a GPU (relaxModuleCreateKVCache)."""

    def __init__(self, layers, kv_heads, head_dim, pages, page_size=16,
                 dtype="float32", module=None):
        bits = {"float16": 16, "float32": 32, "float64": 64}[dtype]
        handle = ctypes.c_void_p()
        if module is None:
            _check(_lib.relaxKVCacheCreate(layers, kv_heads, head_dim, page_size, pages,
                                           _DataType(2, bits, 1), ctypes.byref(handle)))
        else:
            _check(_lib.relaxModuleCreateKVCache(module._handle, layers, kv_heads, head_dim,
                                                 page_size, pages, _DataType(2, bits, 1),
                                                 ctypes.byref(handle)))
        self._handle = handle
        self._step = _KVCacheStep()

    def add(self, seq_id):
        _check(_lib.relaxKVCacheAddSequence(self._handle, seq_id))

    def remove(self, seq_id):
        _check(_lib.relaxKVCacheRemoveSequence(self._handle, seq_id))

    def fork(self, parent, child, position=-1):
        _check(_lib.relaxKVCacheForkSequence(self._handle, parent, child, position))

    def pop(self, seq_id, n):
        _check(_lib.relaxKVCachePopN(self._handle, seq_id, n))

    def length(self, seq_id):
        length = ctypes.c_int64()
        _check(_lib.relaxKVCacheGetLength(self._handle, seq_id, ctypes.byref(length)))
        return length.value

    @property
    def free_pages(self):
        return _lib.relaxKVCacheGetNumFreePages(self._handle)

    def begin_step(self, seq_ids, append_lengths):
        """Extends the sequences and returns the step's KVStep."""
        n = len(seq_ids)
        ids = (ctypes.c_int64 * max(1, n))(*seq_ids)
        lengths = (ctypes.c_int64 * max(1, n))(*append_lengths)
        _check(_lib.relaxKVCacheBeginStep(self._handle, ids, lengths, n,
                                          ctypes.byref(self._step)))
        return KVStep(self._step, self)

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.relaxKVCacheFree(self._handle)
            self._handle = None

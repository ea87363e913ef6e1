// relax.webgpu.kernel {"kernel": "add", "entry": "add_main", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 2, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 3, "type": "uniform", "size": 8, "scalars": [{"offset": 0, "bytes": 4}, {"offset": 4, "bytes": 4}]}]}
// c[i] = a[i] + alpha * b[i] for i < n, where n is an index (an i64 on the
// host, of which the kernel reads the low 32 bits) and alpha an f32. Its
// arguments may be views of one arena, so all are bound read_write: WebGPU
// does not let one buffer be bound read-only and writable in one dispatch.

struct Scalars {
  n: i32,
  alpha: f32,
}

@group(0) @binding(0) var<storage, read_write> a: array<f32>;
@group(0) @binding(1) var<storage, read_write> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> scalars: Scalars;

@compute @workgroup_size(64, 1, 1)
fn add_main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = i32(id.x);
  if (i < scalars.n) {
    c[i] = a[i] + scalars.alpha * b[i];
  }
}

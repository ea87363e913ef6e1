// relax.webgpu.kernel {"kernel": "add_scale", "entry": "add_scale", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 1, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 2, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 3, "type": "uniform", "size": 8, "scalars": [{"offset": 0, "bytes": 4}, {"offset": 4, "bytes": 4}]}]}
// out[i] = a[i] + alpha * b[i] for i < n.
struct Scalars {
  n: u32,
  alpha: f32,
}

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;
@group(0) @binding(3) var<uniform> scalars: Scalars;

@compute @workgroup_size(64, 1, 1)
fn add_scale(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < scalars.n) {
    out[i] = a[i] + scalars.alpha * b[i];
  }
}

// relax.webgpu.kernel {"kernel": "shift_alias", "entry": "shift_alias", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 2, "type": "uniform", "size": 4, "scalars": [{"offset": 0, "bytes": 4}]}]}
// dst[i] = 2 * src[i] + 1 for i < n; src and dst may be views of one buffer
// (dst written where src is not read).
@group(0) @binding(0) var<storage, read_write> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@group(0) @binding(2) var<uniform> n: u32;

@compute @workgroup_size(64, 1, 1)
fn shift_alias(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < n) {
    dst[i] = 2.0 * src[i] + 1.0;
  }
}

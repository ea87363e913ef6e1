// relax.webgpu.kernel {"kernel": "invalid", "entry": "invalid", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "i32", "element_bytes": 4, "rank": 1}]}
// Deliberately invalid: an f32 value stored into an i32 array.
@group(0) @binding(0) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(64, 1, 1)
fn invalid(@builtin(global_invocation_id) gid: vec3<u32>) {
  out[gid.x] = 1.5 * f32(gid.x);
}

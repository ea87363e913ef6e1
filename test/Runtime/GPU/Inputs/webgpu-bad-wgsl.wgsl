// relax.webgpu.kernel {"kernel": "broken", "entry": "broken", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}]}
// Does not compile: `undefined_value` is not declared.

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn broken(@builtin(global_invocation_id) id: vec3<u32>) {
  out[id.x] = undefined_value;
}

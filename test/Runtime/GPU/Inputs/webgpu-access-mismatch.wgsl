// relax.webgpu.kernel {"kernel": "mismatch", "entry": "mismatch", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 1}]}
// The header says binding 0 is read-only, the WGSL writes it: the pipeline
// cannot be created with the layout the header gives.

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn mismatch(@builtin(global_invocation_id) id: vec3<u32>) {
  out[id.x] = 1.0;
}

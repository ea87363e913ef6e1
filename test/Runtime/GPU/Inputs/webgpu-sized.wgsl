// relax.webgpu.kernel {"kernel": "sized", "entry": "sized", "workgroup_size": [16, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1, "min_bytes": 64}]}
// A binding of static size: the shader declares 16 elements, so a smaller
// buffer is refused at submission (a fatal error in wgpu-native).

struct S {
  m0: array<f32, 16>,
}

@group(0) @binding(0) var<storage, read_write> out: S;

@compute @workgroup_size(16)
fn sized(@builtin(local_invocation_id) id: vec3<u32>) {
  out.m0[id.x] = 1.0;
}

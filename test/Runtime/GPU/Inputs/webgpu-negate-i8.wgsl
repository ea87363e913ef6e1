// relax.webgpu.kernel {"kernel": "negate_i8", "entry": "negate_i8", "workgroup_size": [32, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read", "element_type": "i8", "element_bytes": 1, "rank": 1}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "i8", "element_bytes": 1, "rank": 1}, {"binding": 2, "type": "uniform", "size": 4, "scalars": [{"offset": 0, "bytes": 4}]}]}
// y[i] = -x[i] (wrapping) for i < n over i8 tensors, which WGSL reads as
// words of four packed bytes: each invocation writes one word, keeping the
// bytes of its last word past n.

struct Scalars {
  n: i32,
}

@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> y: array<u32>;
@group(0) @binding(2) var<uniform> scalars: Scalars;

@compute @workgroup_size(32)
fn negate_i8(@builtin(global_invocation_id) id: vec3<u32>) {
  let w = id.x;
  let n = u32(scalars.n);
  if (w * 4u >= n) {
    return;
  }
  let word = x[w];
  var result = y[w];
  for (var k = 0u; k < 4u; k++) {
    if (w * 4u + k < n) {
      let shift = 8u * k;
      let negated = (0u - ((word >> shift) & 0xffu)) & 0xffu;
      result = (result & ~(0xffu << shift)) | (negated << shift);
    }
  }
  y[w] = result;
}

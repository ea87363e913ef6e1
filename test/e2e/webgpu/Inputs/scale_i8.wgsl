// relax.webgpu.kernel {"kernel": "scale_i8", "entry": "scale_i8", "workgroup_size": [64, 1, 1], "workgroup_bytes": 0, "bindings": [{"binding": 0, "type": "storage", "access": "read", "element_type": "i8", "element_bytes": 1, "rank": 1}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "i8", "element_bytes": 1, "rank": 1}, {"binding": 2, "type": "uniform", "size": 12, "scalars": [{"offset": 0, "bytes": 4}, {"offset": 4, "bytes": 4}, {"offset": 8, "bytes": 4}]}]}
// out[i] = clamp(x[i] * scale + bias, -128, 127) on i8 elements packed four
// per u32 word; a thread per word, so no two threads write one word.
struct Scalars {
  n: u32,
  scale: i32,
  bias: i32,
}

@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<uniform> scalars: Scalars;

@compute @workgroup_size(64, 1, 1)
fn scale_i8(@builtin(global_invocation_id) gid: vec3<u32>) {
  let w = gid.x;
  if (w * 4u >= scalars.n) {
    return;
  }
  let word = x[w];
  var result = 0u;
  for (var k = 0u; k < 4u; k = k + 1u) {
    let v = extractBits(bitcast<i32>(word), 8u * k, 8u);
    let y = clamp(v * scalars.scale + scalars.bias, -128, 127);
    result = insertBits(result, bitcast<u32>(y), 8u * k, 8u);
  }
  out[w] = result;
}

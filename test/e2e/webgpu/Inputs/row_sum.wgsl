// relax.webgpu.kernel {"kernel": "row_sum", "entry": "row_sum", "workgroup_size": [64, 1, 1], "workgroup_bytes": 256, "bindings": [{"binding": 0, "type": "storage", "access": "read", "element_type": "f32", "element_bytes": 4, "rank": 2}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 2, "type": "uniform", "size": 8, "scalars": [{"offset": 0, "bytes": 4}, {"offset": 4, "bytes": 4}]}]}
// out[row] = sum(x[row, :]): a workgroup per row, a tree reduction in
// workgroup memory per chunk of 64 columns. The chunk loop's trip count is a
// uniform scalar, so its barriers are in uniform control flow.
struct Scalars {
  cols: u32,
  chunks: u32,
}

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<uniform> scalars: Scalars;

var<workgroup> partial: array<f32, 64>;

@compute @workgroup_size(64, 1, 1)
fn row_sum(@builtin(workgroup_id) wid: vec3<u32>,
           @builtin(local_invocation_index) lid: u32) {
  let row = wid.x;
  var acc = 0.0;
  for (var c = 0u; c < scalars.chunks; c = c + 1u) {
    let col = c * 64u + lid;
    var v = 0.0;
    if (col < scalars.cols) {
      v = x[row * scalars.cols + col];
    }
    partial[lid] = v;
    workgroupBarrier();
    for (var s = 32u; s > 0u; s = s >> 1u) {
      if (lid < s) {
        partial[lid] = partial[lid] + partial[lid + s];
      }
      workgroupBarrier();
    }
    acc = acc + partial[0];
    workgroupBarrier();
  }
  if (lid == 0u) {
    out[row] = acc;
  }
}

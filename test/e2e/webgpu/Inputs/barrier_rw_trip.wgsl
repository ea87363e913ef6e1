// relax.webgpu.kernel {"kernel": "barrier_rw_trip", "entry": "barrier_rw_trip", "workgroup_size": [64, 1, 1], "workgroup_bytes": 256, "bindings": [{"binding": 0, "type": "storage", "access": "read_write", "element_type": "f32", "element_bytes": 4, "rank": 1}, {"binding": 1, "type": "storage", "access": "read_write", "element_type": "i32", "element_bytes": 4, "rank": 1}]}
// A barrier in a loop whose trip count is read from a read_write storage
// buffer: non-uniform under WGSL's uniformity analysis (Tint rejects it,
// naga accepts it). Scalars belong in a uniform (or read-only) binding.
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var<storage, read_write> trip: array<u32>;

var<workgroup> partial: array<f32, 64>;

@compute @workgroup_size(64, 1, 1)
fn barrier_rw_trip(@builtin(local_invocation_index) lid: u32) {
  for (var c = 0u; c < trip[0]; c = c + 1u) {
    partial[lid] = f32(c);
    workgroupBarrier();
  }
  out[lid] = partial[63u - lid];
}

// Cloths and soft bodies: GET /api/softbodies gives each body's surface triangles once; every frame
// of /ws carries each particle's position after the characters (SimulationHost.frame), which the
// meshes take as their vertices. A cloth is drawn from both sides.
export async function loadSoftBodies(THREE, world, offset) {
  const specs = await (await fetch('/api/softbodies')).json();
  const bodies = [];
  let o = offset;
  for (const spec of specs) {
    const geometry = new THREE.BufferGeometry();
    const position = new THREE.BufferAttribute(new Float32Array(3 * spec.particles), 3);
    position.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute('position', position);
    geometry.setIndex(spec.triangles);
    const material = new THREE.MeshStandardMaterial({
      color: spec.cloth ? 0x5c8cd9 : 0x73cc59, roughness: spec.cloth ? 0.8 : 0.4,
      side: spec.cloth ? THREE.DoubleSide : THREE.FrontSide });
    const mesh = new THREE.Mesh(geometry, material);
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    mesh.frustumCulled = false;
    mesh.userData.soft = bodies.length;
    world.add(mesh);
    bodies.push({ spec, mesh, position, offset: o });
    o += 3 * spec.particles;
  }

  // Positions from the frame, then normals from the triangles.
  function update(frame) {
    for (const b of bodies) {
      if (frame.length < b.offset + 3 * b.spec.particles) { return; }
      const a = b.position.array;
      for (let i = 0; i < a.length; i++) { a[i] = frame[b.offset + i]; }
      b.position.needsUpdate = true;
      b.mesh.geometry.computeVertexNormals();
      b.mesh.geometry.computeBoundingSphere();
    }
  }

  // The nearest particle of the triangle the ray hits first: { name, particle, point, distance } or null.
  function pick(ray) {
    const hit = ray.intersectObjects(bodies.map((b) => b.mesh), false)[0];
    if (!hit) { return null; }
    const b = bodies[hit.object.userData.soft];
    const a = b.position.array;
    let best = -1, bestD = Infinity;
    for (const k of [hit.face.a, hit.face.b, hit.face.c]) {
      const d = hit.point.distanceToSquared(new THREE.Vector3(a[3 * k], a[3 * k + 1], a[3 * k + 2]));
      if (d < bestD) { bestD = d; best = k; }
    }
    return { name: b.spec.name, particle: best, point: hit.point.clone(), distance: hit.distance };
  }

  return { bodies, update, pick };
}

#!/usr/bin/env python3
"""Writes the cloth and soft-body built-in scenes (flag, drape, fold, jelly, balloon, jelly-stack)."""
import json
import math
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "app", "src", "main", "resources", "ricochet", "scenes")
SETTINGS = {"dt": 1 / 60, "substeps": 4, "gravity": [0, -9.81, 0], "iterations": 8, "sleeping": True}
# Cotton, kg/m^2.
AREAL = 0.15


def axis_angle(axis, degrees):
    """A quaternion [x, y, z, w] turning by degrees about a unit axis."""
    h = math.radians(degrees) / 2
    s = math.sin(h)
    return [axis[0] * s, axis[1] * s, axis[2] * s, math.cos(h)]


# The cloth's local x-y plane laid horizontal: local +y points to world -z.
FLAT = axis_angle([1, 0, 0], -90)


def ground(friction=0.5):
    return {"name": "ground", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0},
            "friction": friction}


def write(name, description, bodies, cloths=None, soft=None):
    scene = {"format": "ricochet-scene/1", "description": description, "settings": SETTINGS, "bodies": bodies}
    if cloths:
        scene["cloths"] = cloths
    if soft:
        scene["softBodies"] = soft
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        f.write("{\n")
        keys = list(scene)
        for i, k in enumerate(keys):
            v = scene[k]
            if isinstance(v, list):
                f.write('  "%s": [\n' % k)
                f.write(",\n".join("    " + json.dumps(x) for x in v))
                f.write("\n  ]")
            else:
                f.write('  "%s": %s' % (k, json.dumps(v)))
            f.write(",\n" if i < len(keys) - 1 else "\n")
        f.write("}\n")


def flag():
    # 2 x 1 m at 0.15 kg/m^2, released from horizontal, pinned at its two top corners beside a pole.
    write("flag", "a 2 x 1 m cloth (0.3 kg) pinned at two corners swings down from horizontal and hangs",
          [ground(),
           {"name": "pole", "type": "static", "shape": {"type": "cylinder", "radius": 0.04, "halfHeight": 1.6},
            "position": [-1.12, 1.6, -0.5]}],
          cloths=[{"name": "flag", "position": [0, 3, 0], "orientation": FLAT, "size": [2, 1],
                   "resolution": [40, 20], "mass": AREAL * 2, "stretchCompliance": 0, "bendCompliance": 1e-4,
                   "thickness": 0.01, "friction": 0.3, "pins": [[0, 20], [40, 20]]}])


def drape():
    # One sheet falls across a sphere and a box.
    write("drape", "a 3.2 x 1.6 m cloth falls across a sphere and a box and drapes over them",
          [ground(),
           {"name": "sphere", "type": "static", "shape": {"type": "sphere", "radius": 0.45},
            "position": [-0.8, 0.45, 0]},
           {"name": "box", "type": "static", "shape": {"type": "box", "halfExtents": [0.4, 0.4, 0.4]},
            "position": [0.8, 0.4, 0]}],
          cloths=[{"name": "sheet", "position": [0, 1.3, 0], "orientation": FLAT, "size": [3.2, 1.6],
                   "resolution": [64, 32], "mass": AREAL * 3.2 * 1.6, "stretchCompliance": 0,
                   "bendCompliance": 1e-4, "thickness": 0.01, "friction": 0.3}])


def fold():
    # 30 x 200 particles, 0.3 x 2 m, stood on its end and tipped 20 degrees: it falls and folds onto itself.
    tilt = 20
    centre_y = 0.05 + math.cos(math.radians(tilt)) * 1.0
    write("fold", "a 0.3 x 2 m strip of 30 x 200 particles falls over and folds onto itself (self-collision)",
          [ground()],
          cloths=[{"name": "strip", "position": [0, centre_y, 0], "orientation": axis_angle([0, 0, 1], tilt),
                   "size": [0.3, 2], "resolution": [29, 199], "mass": AREAL * 0.6, "stretchCompliance": 0,
                   "bendCompliance": 1e-3, "thickness": 0.01, "friction": 0.3, "selfCollision": True}])


def jelly():
    # A 30 degree slope; the cubes' friction 0.3 < tan 30 = 0.577, so they slide, at
    # g (sin 30 - 0.3 cos 30) = 2.36 m/s^2 on the slope, then come to rest on the ground.
    angle = -30
    q = axis_angle([0, 0, 1], angle)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    along = [c, s, 0]
    normal = [-s, c, 0]
    centre = [0, 1.2, 0]
    half = 0.2
    cubes = []
    for k, x in enumerate([-1.5, -0.8]):
        lift = 0.1 + half + 0.01
        p = [centre[i] + x * along[i] + lift * normal[i] for i in range(3)]
        cubes.append({"name": "jelly%d" % k, "shape": {"type": "box", "halfExtents": [half, half, half]},
                      "resolution": 4, "position": [round(v, 6) for v in p], "orientation": q,
                      "density": 1000, "edgeCompliance": 1e-4, "volumeCompliance": 0, "friction": 0.3})
    cubes.append({"name": "resting", "shape": {"type": "box", "halfExtents": [half, half, half]},
                  "resolution": 4, "position": [-3, half + 0.05, 0], "density": 1000, "edgeCompliance": 1e-4,
                  "volumeCompliance": 0, "friction": 0.3})
    write("jelly", "soft cubes slide down a 30 degree slope with friction 0.3; one rests on the ground",
          [ground(),
           {"name": "slope", "type": "static", "shape": {"type": "box", "halfExtents": [2, 0.1, 1]},
            "position": centre, "orientation": q}],
          soft=cubes)


def balloon():
    # A closed shell of gas at 500 Pa squeezed by a slab that comes down 0.15 m in its first second
    # and then holds still.
    write("balloon", "a pressurised balloon (0.3 m, 500 Pa) squeezed by a slab from 0.6 to 0.47 m high",
          [ground(),
           {"name": "press", "type": "kinematic", "shape": {"type": "box", "halfExtents": [0.6, 0.05, 0.6]},
            "position": [0, 0.67, 0],
            "motion": [{"t": 0, "velocity": [0, -0.15, 0]}, {"t": 1, "velocity": [0, 0, 0]}]}],
          soft=[{"name": "balloon", "shape": {"type": "sphere", "radius": 0.3}, "resolution": 8,
                 "position": [0, 0.31, 0], "density": 5, "edgeCompliance": 0, "volumeCompliance": 0,
                 "pressure": 500, "friction": 0.5}])


def jelly_stack():
    half = 0.2
    write("jelly-stack", "soft cubes meet: a clustered cube (shape matching) and a cloth dropped onto a "
          "tetrahedral cube; a softer clustered cube beside them",
          [ground()],
          cloths=[{"name": "veil", "position": [0, 1.75, 0], "orientation": FLAT, "size": [0.8, 0.8],
                   "resolution": [16, 16], "thickness": 0.01, "friction": 0.5}],
          soft=[{"name": "base", "shape": {"type": "box", "halfExtents": [half, half, half]}, "resolution": 4,
                 "position": [0, half + 0.005, 0], "density": 1000, "friction": 0.5},
                {"name": "clustered", "shape": {"type": "box", "halfExtents": [half, half, half]}, "resolution": 4,
                 "position": [0, 3 * half + 0.3, 0],
                 "density": 1000, "friction": 0.5, "model": "clusters", "clusterStiffness": 0.5, "clusterSize": 2},
                {"name": "wobbly", "shape": {"type": "box", "halfExtents": [half, half, half]}, "resolution": 4,
                 "position": [1, half + 0.5, 0], "density": 1000, "friction": 0.5, "model": "clusters",
                 "clusterStiffness": 0.05, "clusterSize": 2}])


if __name__ == "__main__":
    flag()
    drape()
    fold()
    jelly()
    balloon()
    jelly_stack()

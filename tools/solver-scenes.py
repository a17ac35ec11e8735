#!/usr/bin/env python3
"""Writes the built-in scenes that run in the engine's world (contact solver) into
app/src/main/resources/ricochet/scenes/, so that the big ones (a 210-box pyramid, 1,000 spheres)
are regenerated rather than edited by hand:

    python3 tools/solver-scenes.py            # all of them
    python3 tools/solver-scenes.py wall tower  # some

Each scene's criterion is in the built-in scenes table of docs/scene-format.md and is tested by
app/src/test/java/ricochet/scenes/SolverScenesTest.java. Units are SI.
"""
import math
import os
import random
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "app", "src", "main", "resources",
                   "ricochet", "scenes")

FORMAT = "ricochet-scene/1"


class Exact(float):
    """A number written with every digit (repr), such as dt = 1/60."""


def num(x):
    """Integers without a fraction, Exact numbers in full, others rounded to 12 decimals (picometres)."""
    if isinstance(x, Exact):
        return repr(float(x))
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(round(x, 12))


def dump(value):
    """Compact JSON on one line (the writer puts one body per line)."""
    if isinstance(value, dict):
        return "{" + ", ".join('"%s": %s' % (k, dump(v)) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    if isinstance(value, str):
        return '"%s"' % value
    return num(value)


def write(name, description, bodies, settings=None, joints=None, ragdolls=None, characters=None):
    s = {"dt": Exact(1 / 60), "substeps": 4, "gravity": [0, -9.81, 0], "iterations": 1, "sleeping": True}
    s.update(settings or {})
    lines = ["{",
             '  "format": "%s",' % FORMAT,
             '  "description": "%s",' % description,
             '  "settings": %s,' % dump(s)]
    sections = [("bodies", bodies)]
    if ragdolls:
        sections.append(("ragdolls", ragdolls))
    if joints:
        sections.append(("joints", joints))
    if characters:
        sections.append(("characters", characters))
    for k, (key, items) in enumerate(sections):
        lines.append('  "%s": [' % key)
        lines += ["    " + dump(b) + ("," if i + 1 < len(items) else "") for i, b in enumerate(items)]
        lines.append("  ]" + ("," if k + 1 < len(sections) else ""))
    lines += ["}", ""]
    path = os.path.join(OUT, name + ".json")
    with open(path, "w", newline="\n") as f:
        f.write("\n".join(lines))
    print("wrote %s (%d bodies, %d joints, %d ragdolls)" % (os.path.relpath(path), len(bodies), len(joints or []),
                                                           len(ragdolls or [])))


def box(half):
    return {"type": "box", "halfExtents": list(half)}


def sphere(r):
    return {"type": "sphere", "radius": r}


def ground(half=(20, 0.5, 20)):
    """A static box whose top face is y = 0."""
    return {"name": "ground", "type": "static", "shape": box(half), "position": [0, -half[1], 0]}


def axis_angle(axis, degrees):
    return {"axis": list(axis), "degrees": degrees}


# ---------------------------------------------------------------- scenes

def pyramid():
    # 20 boxes at the base, 210 in all; 0.5 m cubes at exactly touching positions.
    h = 0.25
    bodies = [ground()]
    base = 20
    for row in range(base):
        n = base - row
        for i in range(n):
            x = (i - (n - 1) / 2) * 2 * h
            bodies.append({"name": "box-%d-%d" % (row, i), "shape": box((h, h, h)),
                           "position": [x, h + row * 2 * h, 0]})
    # Soft contacts sink by load / (m omega^2) each; 8 substeps (60 Hz springs) keep the top within 1 cm.
    write("pyramid", "210 boxes (0.5 m) in a pyramid with a 20-box base: stands and sleeps", bodies,
          {"substeps": 8})


WALL_ROWS, WALL_COLUMNS = 10, 10
BRICK = (0.25, 0.125, 0.125)  # half extents: 0.5 x 0.25 x 0.25 m
BALL_SPEED = 20.0
BALL_RADIUS = 0.2
BALL_MASS = 5.0
BALL_HEIGHT = 2.0     # the joint between the 8th and 9th courses
BRICK_DENSITY = 100   # kg/m^3: light blocks, 3.1 kg a brick
IMPACT_TIME = 10.0


def wall():
    # Running bond, 5 m long, faces +z: even courses are ten bricks; odd courses are shifted by half a
    # brick, so they are nine bricks with a half brick at each end (both ends flush, nothing overhangs).
    bodies = [ground()]
    length = WALL_COLUMNS * 2 * BRICK[0]
    for row in range(WALL_ROWS):
        y = BRICK[1] + row * 2 * BRICK[1]
        if row % 2 == 0:
            pieces = [(-length / 2 + (i + 0.5) * 2 * BRICK[0], BRICK[0]) for i in range(WALL_COLUMNS)]
        else:
            half = BRICK[0] / 2
            pieces = [(-length / 2 + half, half)]
            pieces += [(-length / 2 + 2 * half + (i + 0.5) * 2 * BRICK[0], BRICK[0]) for i in range(WALL_COLUMNS - 1)]
            pieces += [(length / 2 - half, half)]
        for i, (x, hx) in enumerate(pieces):
            bodies.append({"name": "brick-%d-%d" % (row, i), "shape": box((hx, BRICK[1], BRICK[2])),
                           "density": BRICK_DENSITY, "position": [x, y, 0]})
    # The ball flies level (gravityScale 0) from 200 m away, so the wall stands 10 s before it arrives.
    # Why light blocks hit high: within one 1/60 s step, friction from the courses above can hold
    # about mu m g dt per brick against the ball's 100 N s; 31 kg bricks (1000 kg/m^3) hit at 0.75 m
    # absorb it all and none falls.
    gap = BALL_SPEED * IMPACT_TIME
    bodies.append({"name": "ball", "shape": sphere(BALL_RADIUS), "mass": BALL_MASS, "bullet": True,
                   "gravityScale": 0, "position": [0, BALL_HEIGHT, BRICK[2] + BALL_RADIUS + gap],
                   "velocity": [0, 0, -BALL_SPEED]})
    write("wall", "ten courses of bricks (5 m, running bond) stand 10 s until a 5 kg ball at 20 m/s knocks them down",
          bodies, {"substeps": 8})


def tower():
    h = 0.25
    bodies = [ground()]
    for k in range(30):
        bodies.append({"name": "box-%d" % k, "shape": box((h, h, h)), "position": [0, h + 2 * h * k, 0]})
    # 30 soft contacts in series: 16 substeps (120 Hz springs) keep the top's sink near 1.5 cm.
    write("tower", "30 boxes (0.5 m) stacked one on one: stands", bodies, {"substeps": 16})


def mass_ratio():
    h = 0.25
    bodies = [ground()]
    for k, (name, mass) in enumerate([("light-bottom", 1), ("heavy", 100), ("light-top", 1)]):
        bodies.append({"name": name, "shape": box((h, h, h)), "mass": mass, "position": [0, h + 2 * h * k, 0]})
    write("mass-ratio", "a 1 kg box under a 100 kg box under a 1 kg box: stands", bodies, {"substeps": 8})


BIN_HALF = 1.5        # inner half width of the bin, m
BIN_HEIGHT = 4.0      # wall height, m
BIN_WALL = 0.1        # half thickness of a wall, m
SPHERE_RADIUS = 0.1


def spheres():
    bodies = [ground((3, 0.5, 3))]
    hw, ht = BIN_WALL, BIN_HEIGHT / 2
    outer = BIN_HALF + hw
    bodies += [
        {"name": "wall-east", "type": "static", "shape": box((hw, ht, outer)), "position": [outer, ht, 0]},
        {"name": "wall-west", "type": "static", "shape": box((hw, ht, outer)), "position": [-outer, ht, 0]},
        {"name": "wall-north", "type": "static", "shape": box((outer, ht, hw)), "position": [0, ht, outer]},
        {"name": "wall-south", "type": "static", "shape": box((outer, ht, hw)), "position": [0, ht, -outer]},
    ]
    # A 10 x 10 x 10 lattice 0.27 m apart inside the bin, each sphere nudged by up to 2 cm sideways
    # (a fixed seed) so the columns do not stand on each other's poles. Angular damping (1/s) stands
    # in for the spin friction of a real contact patch: the engine's point contacts have no torque
    # about the normal, so a ball on the floor spinning about the vertical keeps spinning.
    rng = random.Random(103)
    spacing = 0.27
    for layer in range(10):
        for i in range(10):
            for k in range(10):
                x = (i - 4.5) * spacing + rng.uniform(-0.02, 0.02)
                z = (k - 4.5) * spacing + rng.uniform(-0.02, 0.02)
                y = 0.3 + layer * spacing
                bodies.append({"name": "sphere-%d-%d-%d" % (layer, i, k), "shape": sphere(SPHERE_RADIUS),
                               "angularDamping": 1, "position": [x, y, z]})
    write("spheres", "1,000 spheres poured into a walled bin: all stay in and sleep", bodies)


def bullet():
    # A 1 cm ball (radius 5 mm) at 300 m/s: 5 m a step, 250 times the wall's thickness.
    bodies = [
        ground(),
        {"name": "wall", "type": "static", "shape": box((10, 2, 0.01)), "position": [0, 2, 0]},
        {"name": "bullet", "shape": sphere(0.005), "bullet": True, "position": [0, 1.5, 1],
         "velocity": [0, 0, -300]},
    ]
    write("bullet", "a 1 cm ball at 300 m/s against a 2 cm static wall: never passes", bodies)


SLOPE_DEGREES = 30.0


def slide():
    # Two static ramps tilted 30 degrees about z (rising towards +x), a 0.5 m box resting on each near
    # its top. Body and ramp share the friction coefficient, so the pair's sqrt(muA muB) is that value.
    a = math.radians(SLOPE_DEGREES)
    along = (math.cos(a), math.sin(a), 0.0)
    normal = (-math.sin(a), math.cos(a), 0.0)
    ramp_half = (6.0, 0.25, 1.0)
    h = 0.25
    bodies = [ground((20, 0.5, 20))]
    for k, mu in enumerate([0.7, 0.3]):
        z = -2.0 + 4.0 * k
        centre = (0.0, 4.0, z)
        tag = "%02d" % round(mu * 100)
        bodies.append({"name": "ramp-" + tag, "type": "static", "shape": box(ramp_half),
                       "position": list(centre), "orientation": axis_angle((0, 0, 1), SLOPE_DEGREES),
                       "friction": mu})
        up = 4.5  # metres up the slope from the ramp's centre
        d = ramp_half[1] + h
        p = [centre[i] + up * along[i] + d * normal[i] for i in range(3)]
        bodies.append({"name": "box-" + tag, "shape": box((h, h, h)), "position": p,
                       "orientation": axis_angle((0, 0, 1), SLOPE_DEGREES), "friction": mu})
    write("slide", "boxes on 30-degree ramps: friction 0.7 holds, 0.3 slides at g (sin 30 - 0.3 cos 30)",
          bodies)


CRADLE_SPEED = 3.0


def newton_cradle():
    # No gravity and no strings: five elastic balls in a row along x, the first coming in from 0.5 m
    # away at 3 m/s (above the solver's 1 m/s restitution threshold). The balls hang 6 cm apart, more
    # than a ball travels in one step (3 m/s / 60 Hz = 5 cm), so each collision is a two-ball
    # collision of its own step, as in the textbook account of the cradle; balls touching at rest
    # would be solved as one simultaneous contact, which shares the blow instead.
    r = 0.25
    gap = 0.06
    bodies = []
    for k in range(5):
        x = (2 * r + gap) * k
        body = {"name": "ball-%d" % k, "shape": sphere(r), "restitution": 1, "friction": 0,
                "position": [x if k else x - 0.5, 0, 0]}
        if k == 0:
            body["velocity"] = [CRADLE_SPEED, 0, 0]
        bodies.append(body)
    write("newton-cradle", "five elastic balls in a row, no gravity: the first's momentum passes to the last",
          bodies, {"gravity": [0, 0, 0]})


PLATFORM_SPEED = 1.0


def kinematic():
    # A kinematic platform moving along +x at 1 m/s carries three boxes that start at its velocity.
    bodies = [ground((40, 0.5, 10)),
              {"name": "platform", "type": "kinematic", "shape": box((1.5, 0.1, 1.5)), "position": [0, 1, 0],
               "velocity": [PLATFORM_SPEED, 0, 0]}]
    for k, x in enumerate([-0.8, 0.0, 0.8]):
        bodies.append({"name": "box-%d" % k, "shape": box((0.15, 0.15, 0.15)),
                       "position": [x, 1.1 + 0.15, 0.3 * (k - 1)], "velocity": [PLATFORM_SPEED, 0, 0]})
    write("kinematic", "a kinematic platform moving at 1 m/s carries three boxes", bodies)


def sensor():
    # A static sensor slab 2 to 3 m up; a ball, a box and a capsule fall through it onto the ground.
    bodies = [ground(),
              {"name": "sensor", "type": "static", "sensor": True, "shape": box((3, 0.5, 3)),
               "position": [0, 2.5, 0]},
              {"name": "ball", "shape": sphere(0.2), "position": [-1.5, 5, 0]},
              {"name": "crate", "shape": box((0.2, 0.2, 0.2)), "position": [0, 5.5, 0]},
              {"name": "pill", "shape": {"type": "capsule", "radius": 0.15, "halfHeight": 0.2},
               "position": [1.5, 6, 0], "orientation": axis_angle((0, 0, 1), 90)}]
    write("sensor", "a ball, a box and a capsule fall through a sensor slab, reported and not slowed", bodies)


BUMP_PERIOD = 2.5
BUMP_HEIGHT = 0.3


def bumps(x, z):
    """Terrain height: flat (0) for z <= 0; for z >= 1 an egg crate of bowls BUMP_PERIOD apart (isolated
    minima, so a ball has a bottom to settle in), BUMP_HEIGHT from bowl to peak; a ramp in between."""
    blend = min(max(z, 0.0), 1.0)
    sx = math.sin(math.pi * x / BUMP_PERIOD)
    sz = math.sin(math.pi * z / BUMP_PERIOD)
    return BUMP_HEIGHT * blend * (sx * sx + sz * sz) / 2


def terrain():
    n, spacing = 21, 0.5      # 21 x 21 vertices: 10 m x 10 m
    x0, z0 = -10.5, -5.0       # the mesh covers x in [-10.5, -0.5]; the heightfield x in [0.5, 10.5]
    vertices, triangles = [], []
    for r in range(n):
        for c in range(n):
            x, z = x0 + c * spacing, z0 + r * spacing
            vertices.append([x, round(bumps(x, z), 9), z])
    for r in range(n - 1):
        for c in range(n - 1):
            a, b, d, e = r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1
            # Counter-clockwise from above (+y): normals up.
            triangles += [[a, d, b], [b, d, e]]
    hx0 = 0.5
    heights = [[round(bumps(hx0 + c * spacing, z0 + r * spacing), 9) for c in range(n)] for r in range(n)]
    bodies = [
        {"name": "mesh", "type": "static", "shape": {"type": "mesh", "vertices": vertices, "triangles": triangles}},
        {"name": "heightfield", "type": "static",
         "shape": {"type": "heightfield", "heights": heights, "spacing": [spacing, spacing]},
         "position": [hx0, 0, z0]},
    ]
    # Over each surface: a box sliding along x over the flat part (across many internal edges), and a
    # box, a ball and a capsule dropped towards each of three bowls. Balls and capsules get angular
    # damping: the engine has no rolling resistance, and a ball rolling without slipping in a bowl
    # keeps its energy (it would roll to and fro for ever).
    for side, cx in (("m", -5.0), ("h", 5.0)):
        bodies.append({"name": side + "-slider", "shape": box((0.25, 0.25, 0.25)),
                       "position": [cx - 3.5, 0.25, -3], "velocity": [3, 0, 0], "friction": 0.1})
        for k in range(3):
            x = cx - BUMP_PERIOD + BUMP_PERIOD * k  # a bowl's centre: x = 2.5 m * integer, z = 2.5 m
            bodies.append({"name": "%s-box-%d" % (side, k), "shape": box((0.2, 0.2, 0.2)),
                           "position": [x + 0.3, 1.5, 2.5], "orientation": axis_angle((1, 1, 0), 30)})
            bodies.append({"name": "%s-ball-%d" % (side, k), "shape": sphere(0.2), "angularDamping": 1,
                           "position": [x - 0.4, 2.0, 3.1]})
            bodies.append({"name": "%s-pill-%d" % (side, k),
                           "shape": {"type": "capsule", "radius": 0.15, "halfHeight": 0.25}, "angularDamping": 1,
                           "position": [x - 0.2, 2.5, 1.8], "orientation": axis_angle((0, 0, 1), 80)})
    write("terrain", "boxes, balls and capsules dropped on a bumpy triangle mesh and a heightfield", bodies)


def bunny_solver():
    # The lab's bunny (scene bunny): same OBJ, start pose and velocities, floor and wall planes, the
    # lab's friction 0.2 and restitution 0.5, and the lab's per-step decay of v (0.999) and w (0.98)
    # as damping rates (1/s) giving the same factor per 0.015 s step in 4 substeps, but simulated by
    # the engine's world. Without the decay its rounded hull rocks like a rocking chair, losing
    # little at each vertex it rolls over, and takes far longer to settle.
    sub = 4
    h = 0.015 / sub
    linear = (0.999 ** (-1 / sub) - 1) / h
    angular = (0.98 ** (-1 / sub) - 1) / h
    bodies = [
        {"name": "floor", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0.01}},
        {"name": "wall", "type": "static", "shape": {"type": "plane", "normal": [-1, 0, 0], "offset": -2}},
        {"name": "bunny", "shape": {"type": "mesh", "obj": "bunny.obj"}, "position": [0, 0.6, 0],
         "orientation": [0.6427876, 0, 0, 0.7660445], "velocity": [5, 2, 0], "angularVelocity": [0, 1, 0],
         "friction": 0.2, "restitution": 0.5, "linearDamping": round(linear, 6),
         "angularDamping": round(angular, 6)},
    ]
    write("bunny-solver", "the lab's bunny throw simulated by the engine's world (hull of the mesh)", bodies,
          {"dt": Exact(0.015), "gravity": [0, -9.8, 0]})


def pile():
    # 1,000 boxes (0.4 m) in a 10 x 10 x 10 lattice 0.7 m apart (more than a turned box's 0.69 m
    # diagonal, so none overlaps at the start), each turned by a random angle about a random axis
    # (fixed seed), dropped into an 8 m square pen with 8 m walls: they tumble into a loose pile and
    # settle. The speed benchmark's "1,000-box pile".
    rng = random.Random(1000)
    bodies = [ground((6, 0.5, 6))]
    half = 4.0
    hw, ht = 0.1, 4.0
    bodies += [
        {"name": "pen-east", "type": "static", "shape": box((hw, ht, half + hw)), "position": [half + hw, ht, 0]},
        {"name": "pen-west", "type": "static", "shape": box((hw, ht, half + hw)), "position": [-half - hw, ht, 0]},
        {"name": "pen-north", "type": "static", "shape": box((half + hw, ht, hw)), "position": [0, ht, half + hw]},
        {"name": "pen-south", "type": "static", "shape": box((half + hw, ht, hw)), "position": [0, ht, -half - hw]},
    ]
    for layer in range(10):
        for i in range(10):
            for k in range(10):
                axis = [rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)]
                if sum(a * a for a in axis) < 1e-6:
                    axis = [0, 1, 0]
                bodies.append({"name": "box-%d-%d-%d" % (layer, i, k), "shape": box((0.2, 0.2, 0.2)),
                               "position": [(i - 4.5) * 0.7, 0.5 + layer * 0.7, (k - 4.5) * 0.7],
                               "orientation": axis_angle(axis, rng.uniform(0, 180))})
    write("pile", "1,000 boxes (0.4 m) tumble into a pen and settle into a pile", bodies)


# ---------------------------------------------------------------- joints

PENDULUM_LENGTH = 1.0      # pivot to the bob's centre, m
PENDULUM_RADIUS = 0.05     # the small-amplitude bob
PENDULUM_DEGREES = 5.0     # small amplitude: the amplitude term of the period, theta^2 / 16, is 0.05%
LARGE_RADIUS = 0.1
LARGE_DEGREES = 90.0       # released level with the pivot


def pendulum():
    # Two independent hinge pendulums 3 m apart (the scene holds both; nothing joins or touches them):
    # a bob on a massless 1 m arm, i.e. a sphere hinged to the world 1 m above its centre, its axis
    # z. "bob" starts 5 degrees out, "bob-large" level with its pivot. No damping anywhere.
    # 8 substeps: at 4 the period is already within 0.001% of the compound pendulum's, but the 90 degree
    # swing loses 0.97% of m g L between its first and last 10 s of 100 (the soft step's dissipation);
    # at 8 it loses 0.12%.
    bodies, joints = [], []
    for name, x, r, degrees in (("bob", 0.0, PENDULUM_RADIUS, PENDULUM_DEGREES),
                                ("bob-large", 3.0, LARGE_RADIUS, LARGE_DEGREES)):
        pivot = [x, 2.0, 0]
        a = math.radians(degrees)
        bodies.append({"name": name, "shape": sphere(r), "mass": 1,
                       "position": [x + PENDULUM_LENGTH * math.sin(a), 2.0 - PENDULUM_LENGTH * math.cos(a), 0]})
        joints.append({"type": "hinge", "name": "pivot" if name == "bob" else "pivot-large", "bodyA": name,
                       "anchor": pivot, "axis": [0, 0, 1]})
    write("pendulum", "hinge pendulums on 1 m arms: 'bob' swings 5 degrees (period), 'bob-large' 90 degrees (energy)",
          bodies, {"substeps": 8}, joints)


CHAIN_LINKS = 50
LINK_HALF = 0.1            # a link is 0.2 m from joint to joint
CHAIN_TOP = 12.0
CHAIN_DEGREES = 45.0       # the straight chain starts this far out from the vertical


def chain_pose(degrees):
    """The links' and the weight's centres and orientation for a straight chain at `degrees` from the vertical."""
    a = math.radians(degrees)
    down = (math.sin(a), -math.cos(a))
    centres = [[down[0] * LINK_HALF * (2 * i + 1), CHAIN_TOP + down[1] * LINK_HALF * (2 * i + 1), 0]
               for i in range(CHAIN_LINKS)]
    return down, centres


def chain():
    # 50 capsule links of 1 kg joined by ball joints, hanging from a world pivot, with a 10 kg ball
    # (10x a link) at the end; released straight at 45 degrees so it swings. 16 substeps: a soft joint
    # stretches by load / (m_eff omega^2), and the 10 kg weight's pull stretches the joints 8.7 mm at
    # 4 substeps, 2.0 at 8 and 0.47 at 16, so 16 is what keeps every joint within 1 mm at rest.
    down, centres = chain_pose(CHAIN_DEGREES)
    turn = axis_angle([0, 0, 1], CHAIN_DEGREES)
    bodies = [ground()]
    joints = [{"type": "ball", "bodyA": "link-0", "anchor": [0, CHAIN_TOP, 0]}]
    for i, c in enumerate(centres):
        bodies.append({"name": "link-%d" % i, "shape": {"type": "capsule", "radius": 0.04, "halfHeight": 0.06},
                       "mass": 1, "position": c, "orientation": turn})
        if i > 0:
            s = LINK_HALF * 2 * i
            joints.append({"type": "ball", "bodyA": "link-%d" % (i - 1), "bodyB": "link-%d" % i,
                           "anchor": [down[0] * s, CHAIN_TOP + down[1] * s, 0]})
    r = 0.15
    end = LINK_HALF * 2 * CHAIN_LINKS
    bodies.append({"name": "weight", "shape": sphere(r), "mass": 10,
                   "position": [down[0] * (end + r), CHAIN_TOP + down[1] * (end + r), 0]})
    joints.append({"type": "ball", "bodyA": "link-%d" % (CHAIN_LINKS - 1), "bodyB": "weight",
                   "anchor": [down[0] * end, CHAIN_TOP + down[1] * end, 0]})
    write("chain", "50 ball-jointed links hanging from a pivot with a 10x heavier weight, released at 45 degrees",
          bodies, {"substeps": 16}, joints)


DOOR_LIMIT = 1.5           # rad, the door's open stop
DOOR_SPEED = 1.0           # rad/s, the motor's target
DOOR_TORQUE = 100.0        # N m


def door():
    # A 1 x 2 m door (50 kg) hinged on a static post along the vertical; limits [0, 1.5] rad and a
    # velocity motor opening it at 1 rad/s with at most 100 N m: it swings open to its 1.5 rad stop
    # and stays there, the motor pressing it against the limit. 4 substeps (a single light joint).
    bodies = [ground(),
              {"name": "post", "type": "static", "shape": box((0.05, 1.1, 0.05)), "position": [-0.05, 1.1, 0]},
              {"name": "door", "shape": box((0.5, 1.0, 0.025)), "density": 500, "position": [0.5, 1.05, 0]}]
    joints = [{"type": "hinge", "name": "hinge", "bodyA": "post", "bodyB": "door", "anchor": [0, 1.05, 0],
               "axis": [0, 1, 0], "limits": [0, DOOR_LIMIT],
               "motor": {"speed": DOOR_SPEED, "maxForce": DOOR_TORQUE}}]
    write("door", "a door on a hinge with limits [0, 1.5] rad and a motor: swings open to its stop and stays",
          bodies, {}, joints)


BRIDGE_PLANKS = 30
BRIDGE_LENGTH = 15.0       # along the planks, m
BRIDGE_SPAN = 14.7         # between the end hinges: 0.3 m of slack, so the bridge hangs
BRIDGE_HEIGHT = 4.0


def catenary_parameter(length, span):
    """a with 2 a sinh(span / 2a) = length, by bisection."""
    lo, hi = span / 100, span * 100
    for _ in range(200):
        a = (lo + hi) / 2
        if 2 * a * math.sinh(span / (2 * a)) > length:
            lo = a
        else:
            hi = a
    return (lo + hi) / 2


def bridge():
    # 30 planks (0.1 m thick, 2 m wide, 50 kg each) hung between two static posts by hinges about z,
    # joined to each other by hinges at their ends: the joint points lie on the catenary of the
    # bridge's length between the posts, so it starts hanging as it will hang. Six 62.5 kg crates drop
    # on it from up to 2 m. The planks have damping 0.5/s (a hanging bridge loses its swing to its
    # ropes and the air; undamped, it bounces 0.1 m for as long as one watches). 8 substeps: the planks' tension is many times a plank's weight, and the
    # soft joints stretch as load / (m_eff omega^2).
    a = catenary_parameter(BRIDGE_LENGTH, BRIDGE_SPAN)
    sag = a * math.cosh(BRIDGE_SPAN / (2 * a)) - a
    points = []
    for k in range(BRIDGE_PLANKS + 1):
        s = -BRIDGE_LENGTH / 2 + BRIDGE_LENGTH * k / BRIDGE_PLANKS
        x = a * math.asinh(s / a)
        points.append((x, BRIDGE_HEIGHT - sag + math.sqrt(a * a + s * s) - a))
    half = BRIDGE_SPAN / 2
    bodies = [ground(),
              {"name": "post-left", "type": "static", "shape": box((0.3, BRIDGE_HEIGHT / 2, 1.2)),
               "position": [-half - 0.3, BRIDGE_HEIGHT / 2, 0]},
              {"name": "post-right", "type": "static", "shape": box((0.3, BRIDGE_HEIGHT / 2, 1.2)),
               "position": [half + 0.3, BRIDGE_HEIGHT / 2, 0]}]
    joints = []
    for i in range(BRIDGE_PLANKS):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        chord = math.hypot(x1 - x0, y1 - y0)
        bodies.append({"name": "plank-%d" % i, "shape": box((chord / 2, 0.05, 1.0)), "density": 500,
                       "linearDamping": 0.5, "angularDamping": 0.5,
                       "position": [(x0 + x1) / 2, (y0 + y1) / 2, 0],
                       "orientation": axis_angle([0, 0, 1], math.degrees(math.atan2(y1 - y0, x1 - x0)))})
    for k in range(BRIDGE_PLANKS + 1):
        a_name = "post-left" if k == 0 else "plank-%d" % (k - 1)
        b_name = "post-right" if k == BRIDGE_PLANKS else "plank-%d" % k
        joints.append({"type": "hinge", "bodyA": a_name, "bodyB": b_name,
                       "anchor": [points[k][0], points[k][1], 0], "axis": [0, 0, 1]})
    lowest = min(y for _, y in points)
    for i, x in enumerate((-4.5, -2.5, -0.8, 0.8, 2.5, 4.5)):
        bodies.append({"name": "crate-%d" % i, "shape": box((0.25, 0.25, 0.25)), "density": 500,
                       "position": [x, lowest + 1.5 + 0.1 * i, 0.3 * (i % 2)]})
    write("bridge", "30 planks hung between two posts by hinges; six crates drop on it and it holds",
          bodies, {"substeps": 8}, joints)


def ragdolls():
    # 20 ragdolls dropped from 1.5-3 m: ten over a flight of stairs (8 steps of 0.25 x 0.5 m), ten over
    # a 20 degree slope, upright, face down and on their sides, turned at random (fixed seed). They
    # come to rest and sleep at 4 substeps (the ragdoll's parts carry angular damping 1/s).
    rng = random.Random(9)
    bodies = [ground()]
    steps, rise, run = 8, 0.25, 0.5
    for k in range(steps):
        # Each step a box from the ground up, so the flight has no gaps underneath.
        top = rise * (k + 1)
        bodies.append({"name": "step-%d" % k, "type": "static", "shape": box((run / 2, top / 2, 3)),
                       "position": [run * k + run / 2, top / 2, -4]})
    slope = 20.0
    bodies.append({"name": "slope", "type": "static", "shape": box((4, 0.2, 3)),
                   "position": [2, 4 * math.sin(math.radians(slope)) - 0.2, 4],
                   "orientation": axis_angle([0, 0, 1], slope)})
    # Upright (turned about y at random), face down (about x: the body then lies along z, where the rows
    # leave room) and on its side (that, then a quarter turn about the body's own long axis, z).
    h = math.sqrt(0.5)
    poses = [None, [h, 0, 0, h], [0.5, 0.5, 0.5, 0.5]]
    dolls = []
    for i in range(20):
        on_stairs = i < 10
        col, row = i % 5, (i // 5) % 2
        x = 0.4 + col * 0.8
        z = (-4 if on_stairs else 4) + (row - 0.5) * 2.6
        if on_stairs:
            surface = rise * min(steps, int(x / run) + 1)
        else:
            surface = (x - 2) * math.tan(math.radians(slope)) + 4 * math.sin(math.radians(slope))
        pose = poses[i % 3]
        yaw = rng.uniform(0, 360)
        if pose is None:
            orientation = axis_angle([0, 1, 0], yaw)
            lift = 1.0    # the feet hang 0.95 m below the pelvis
        else:
            orientation = pose
            lift = 0.5
        dolls.append({"name": "doll-%d" % i, "position": [x, surface + lift + rng.uniform(1.5, 3.0), z],
                      "orientation": orientation})
    write("ragdolls", "20 ragdolls dropped on a flight of stairs and a 20 degree slope; all come to rest",
          bodies, {}, None, dolls)


def seam_height(x, z):
    """Ground of the seams scene: 4 cm bumps over 7-9 m waves and 1.5 cm ripples (slopes under 5 degrees)."""
    return 0.04 * math.sin(0.7 * x) * math.cos(0.9 * z) + 0.015 * math.sin(3.1 * x + 1.3 * z)


SEAM_WALKERS = 40
SEAM_SECONDS = 10
SEAM_TURN = 0.5
SEAM_SPEED = 3


def seams():
    # One bumpy surface in three parts meeting along seams: a heightfield for x in [-20, 0] and two
    # triangle meshes for x in [0, 10] and [10, 20], all over z in [-20, 20] in 1 m cells; 40 walkers
    # start in the middle and turn to a new random direction every 0.5 s.
    rows = 41
    hf = [[seam_height(-20 + c, -20 + r) for c in range(21)] for r in range(rows)]
    bodies = [{"name": "field", "type": "static", "position": [-20, 0, -20],
               "shape": {"type": "heightfield", "heights": hf, "spacing": [1, 1]}}]
    for part, x0 in enumerate((0, 10)):
        cols = 11
        vertices = [[x0 + c, seam_height(x0 + c, r - 20), r - 20] for r in range(rows) for c in range(cols)]
        triangles = []
        for r in range(rows - 1):
            for c in range(cols - 1):
                a = r * cols + c
                b, d = a + 1, a + cols
                # Counter-clockwise seen from +y.
                triangles += [[a, d, d + 1], [a, d + 1, b]]
        bodies.append({"name": "mesh-%d" % part, "type": "static",
                       "shape": {"type": "mesh", "vertices": vertices, "triangles": triangles}})
    rng = random.Random(2026)
    walkers = []
    for i in range(SEAM_WALKERS):
        x, z = rng.uniform(-6, 6), rng.uniform(-6, 6)
        track = []
        for k in range(int(SEAM_SECONDS / SEAM_TURN)):
            a = rng.uniform(0, 2 * math.pi)
            track.append({"t": k * SEAM_TURN, "velocity": [SEAM_SPEED * math.cos(a), 0, SEAM_SPEED * math.sin(a)]})
        # Standing 5 cm above the ground under its centre: half the 1.8 m capsule plus the 2 cm skin.
        walkers.append({"name": "walker-%d" % i, "position": [x, seam_height(x, z) + 0.92 + 0.05, z],
                        "input": track})
    write("seams", "40 characters walk at random over a heightfield and two meshes meeting along seams, with"
          " small bumps", bodies, {}, None, None, walkers)


SCENES = {"pyramid": pyramid, "wall": wall, "tower": tower, "mass-ratio": mass_ratio, "spheres": spheres,
          "bullet": bullet, "slide": slide, "newton-cradle": newton_cradle, "kinematic": kinematic,
          "sensor": sensor, "terrain": terrain, "bunny-solver": bunny_solver, "pile": pile,
          "pendulum": pendulum, "chain": chain, "door": door, "bridge": bridge, "ragdolls": ragdolls,
          "seams": seams}

if __name__ == "__main__":
    names = sys.argv[1:] or list(SCENES)
    for name in names:
        if name not in SCENES:
            sys.exit("unknown scene '%s' (known: %s)" % (name, ", ".join(SCENES)))
        SCENES[name]()

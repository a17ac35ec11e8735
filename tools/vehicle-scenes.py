#!/usr/bin/env python3
"""Writes the vehicles' built-in scenes (car-brake, car-circle, car-slope, car-bumps, car-launch)."""
import json
import math
import random
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "app", "src", "main", "resources", "ricochet", "scenes")
SETTINGS = {"dt": 1 / 60, "substeps": 4, "gravity": [0, -9.81, 0], "iterations": 1, "sleeping": True}
# Chassis origin height when the wheels touch y = 0 at full extension: -mount y + restLength + radius.
TOUCH = 0.3 + 0.3 + 0.35


def wheels(all_drive=False):
    return [
        {"position": [-0.8, -0.3, 1.3], "radius": 0.35, "width": 0.25, "steer": True, "drive": True},
        {"position": [0.8, -0.3, 1.3], "radius": 0.35, "width": 0.25, "steer": True, "drive": True},
        {"position": [-0.8, -0.3, -1.3], "radius": 0.35, "width": 0.25, "handbrake": True, "drive": all_drive},
        {"position": [0.8, -0.3, -1.3], "radius": 0.35, "width": 0.25, "handbrake": True, "drive": all_drive},
    ]


def car(name, position, inputs, orientation=None, all_drive=False, engine=None):
    c = {"name": name, "position": position}
    if orientation is not None:
        c["orientation"] = orientation
    c["chassis"] = {"halfExtents": [0.9, 0.35, 2.1], "mass": 1200, "centerOfMass": [0, -0.25, 0]}
    c["wheels"] = wheels(all_drive)
    if engine is not None:
        c["engine"] = engine
    c["input"] = inputs
    return c


def ground(half=(500, 0.5, 500)):
    return {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": list(half)},
            "position": [0, -0.5, 0], "friction": 1.0}


def write(name, description, bodies, vehicles):
    scene = {"format": "ricochet-scene/1", "description": description, "settings": SETTINGS,
             "bodies": bodies, "vehicles": vehicles}
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


write("car-brake", "a car at about 20 m/s brakes fully on friction 1 and stops in v^2 / (2 mu g)",
      [ground()], [car("car", [0, TOUCH, -240], [{"t": 0, "throttle": 1}, {"t": 5, "brake": 1}])])

write("car-circle", "four-wheel drive on constant steer, speed raised slowly until it slides at sqrt(mu g R)",
      [ground()], [car("car", [0, TOUCH, 0], [{"t": 0, "throttle": 0.1, "steer": 0.15}], all_drive=True)])

deg = 15
s, c = math.sin(math.radians(deg)), math.cos(math.radians(deg))
slope = {"name": "slope", "type": "static", "shape": {"type": "box", "halfExtents": [30, 0.5, 100]},
         # The box's top face passes through the origin, rising toward +z.
         "position": [0, -0.5 * c, 0.5 * s], "orientation": {"axis": [1, 0, 0], "degrees": -deg}, "friction": 1.0}
tilt = {"axis": [1, 0, 0], "degrees": -deg}
def on_slope(x, along):
    # A point `along` metres up the slope and TOUCH above it.
    return [x, along * s + TOUCH * c, along * c - TOUCH * s]
write("car-slope", "15 degree slope: a car held by its handbrake for 60 s then released, another climbing from rest",
      [slope], [car("parked", on_slope(-4, 0), [{"t": 0, "handbrake": 1}, {"t": 63, "handbrake": 0}],
                    orientation=tilt),
                car("climber", on_slope(4, 0), [{"t": 0, "handbrake": 1}, {"t": 3, "throttle": 1}],
                    orientation=tilt)])

rnd = random.Random(3)
rows, cols, dx, dz = 451, 25, 1.0, 1.0
waves = [(0.02 + 0.02 * rnd.random(), 2 * math.pi / (4 + 6 * rnd.random()),
          2 * math.pi / (6 + 6 * rnd.random()) * rnd.choice([0, 1]), 2 * math.pi * rnd.random()) for _ in range(6)]
heights = []
for r in range(rows):
    row = []
    for col in range(cols):
        z = r * dz
        # Flat for the first 150 m (the run-up), then bumps.
        h = 0.0 if z < 150 else sum(a * math.sin(kz * z + kx * col * dx + p) for a, kz, kx, p in waves)
        row.append(round(h, 4))
    heights.append(row)
write("car-bumps", "a car at 30 m/s across 300 m of 2-4 cm bumps: no wheel dips into the ground",
      [{"name": "bumps", "type": "static", "shape": {"type": "heightfield", "heights": heights, "spacing": [dx, dz]},
        "position": [-12, 0, -10], "friction": 1.0}],
      [car("car", [0, TOUCH, 0], [{"t": 0, "throttle": 1}, {"t": 4.7, "throttle": 0}], all_drive=True)])

write("car-launch", "0-100 km/h from rest, four-wheel drive under its grip: the time the drivetrain predicts",
      [ground()], [car("car", [0, TOUCH, -150], [{"t": 0, "throttle": 1}], all_drive=True,
                       engine={"maxTorque": 250, "maxRpm": 6000})])

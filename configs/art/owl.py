"""Draws owl.png, the picture configs/silhouettes.yaml cuts a maze to: an owl with big eyes.

Made from circles and polygons here, so the picture is the project's own:
python configs/art/owl.py rewrites it beside this file.
"""

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 400
picture = Image.new("L", (SIZE, SIZE), 255)
draw = ImageDraw.Draw(picture)
draw.ellipse((70, 110, 330, 390), fill=0)  # body
draw.ellipse((80, 40, 320, 250), fill=0)  # head
draw.polygon([(85, 110), (100, 10), (165, 70)], fill=0)  # ear tufts
draw.polygon([(315, 110), (300, 10), (235, 70)], fill=0)
for left in (92, 218):  # the eyes stay white: holes the maze walks round
    draw.ellipse((left, 90, left + 90, 180), fill=255)
draw.polygon([(185, 180), (215, 180), (200, 215)], fill=0)  # beak, between the eyes
draw.rectangle((150, 375, 250, 395), fill=0)  # feet on a branch
picture.save(Path(__file__).with_name("owl.png"), optimize=True)

"""Draw the program icon (assets/icon.png) with pygame: a red glove on a card. Run once."""

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "assets"


def main():
    pygame.init()
    s = pygame.Surface((256, 256), pygame.SRCALPHA)
    pygame.draw.rect(s, (246, 240, 226), (40, 16, 176, 224), border_radius=22)
    pygame.draw.rect(s, (30, 30, 30), (40, 16, 176, 224), width=8, border_radius=22)
    pygame.draw.ellipse(s, (200, 40, 40), (70, 60, 120, 110))  # the glove
    pygame.draw.ellipse(s, (200, 40, 40), (58, 100, 50, 60))  # its thumb
    pygame.draw.rect(s, (240, 240, 240), (88, 160, 84, 44), border_radius=8)  # the cuff
    pygame.draw.ellipse(s, (240, 120, 110), (100, 75, 50, 30))  # shine
    pygame.image.save(s, str(OUT / "icon.png"))
    try:
        pygame.image.save(pygame.transform.smoothscale(s, (64, 64)), str(OUT / "icon-64.png"))
    except pygame.error:
        pass


if __name__ == "__main__":
    main()

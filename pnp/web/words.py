"""What a page says when the library refuses something: a sentence about the game in the page's own
words, never a flag, a file path or a terminal command (those are the CLI's; see PnpError.one_line).

The one place that maps a library error to player words: its field (the library's or the form's
name) gives the label the page shows and what to do next; the message stays (it is already about
the game), the store path is never shown, and a hint is kept only when it holds nothing for a terminal.
"""
from __future__ import annotations

import re

from pnp.campaign.log import NAME_CHARS
from pnp.errors import PnpError

LABELS = {  # error field -> the label the page shows for it
    "name": "The campaign name", "new_name": "The new name", "player": "Your name", "deed": "The Heroic Deed",
    "card": "A card you tapped", "file": "The export file", "campaign": "The campaign", "version": "This screen",
    "seq": "That record", "die": "The die", "plan": "The crew assignment", "action": "The choice",
    "crew": "The crew on the cards", "once": "This form", "confirm": "The name you typed",
    "key": "The deleted campaign",
}
FIX = {  # error field -> what to do about it, in the page's words
    "deed": "Pick the Heroic Deed you earned.",
    "card": "Tap only the Monsters and Treasures in your victory pile.",
    "name": f"Type a campaign name of at most {NAME_CHARS} letters, one that no other campaign has.",
    "new_name": f"Give a name of at most {NAME_CHARS} characters that no other campaign has.",
    "player": f"Give your name as on the Player card, at most {NAME_CHARS} characters.",
    "file": "Choose the .json file that Export saved.",
    "campaign": "Open the campaign from the Campaigns page and tap again.",
    "version": "The screen now shows the game as it stands; tap again.",
    "seq": "The History page shows what can be undone or redone now.",
    "die": "Tap the number your die shows.",
    "crew": "Put a whole number of crew on each card.",
    "confirm": "To delete it, tap Yes on the page that asks.",
    "key": "Tap Bring back next to one of the deleted campaigns listed.",
}
_TERMINAL = re.compile(r"--|\bpnp\b|[/\\]\w|'[^']*'|`|\bfix:|\bexpected\b")  # flags, commands, paths, quoted words
_TERMINAL_SAFE = re.compile(r"\s*\(?--[\w-]+\)?|\s*'?pnp [a-z][^']*'?")  # a last guard: never a flag or a command
_VERB = re.compile(r"^(is|are|given|holds|has)\b")


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".;")
    return text[:1].upper() + text[1:] + "." if text else ""


def say(exc: PnpError) -> str:
    """The error as one or two sentences a player reads at the table."""
    field = re.split(r"[\[:]", exc.field)[0] if exc.field else None
    message = exc.message
    label = LABELS.get(field)
    if label:
        message = message.replace(f"'{exc.field}'", label.lower())
        if _VERB.match(message) and not message.lower().startswith(label.lower()):
            message = f"{label} {'was ' if message.startswith('given') else ''}{message}"
    if exc.card:
        message = f"{exc.card}: {message}"
    elif exc.file and exc.file.startswith("upload "):  # the name of the file the player chose, never a path here
        message = f"{exc.file[len('upload '):]}: {message}"
    fix = FIX.get(field) or (_sentence(exc.hint) if exc.hint and not _TERMINAL.search(exc.hint) else "")
    words = " ".join(p for p in (_sentence(message), fix) if p)
    return _TERMINAL_SAFE.sub("", words)


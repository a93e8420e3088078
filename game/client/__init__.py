"""The pygame-ce desktop client: scenes that render the engine's state and send it actions.

The client holds no rules: every legality question goes to ``game.engine``.  Importing this
package hides pygame's greeting so a frozen build and the tests print nothing unasked.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

"""``python -m hyperpod_constructs.plan``: an app's plan without writing ``dist/`` (``command.py``)."""

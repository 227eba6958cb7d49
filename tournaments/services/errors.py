class EventError(ValueError):
    """An organiser, judge or player action that the event's state does not allow.

    `code` is stable for APIs and tests; the message is one plain sentence for people.
    """

    def __init__(self, message: str, *, code: str):
        self.code = code
        super().__init__(message)

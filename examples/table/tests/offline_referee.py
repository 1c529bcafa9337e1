"""The referee of the offline table's browser test (tests/browser/offline.test.mjs).

"Play on this device" runs the rules in the page, so there is no store to
replay: the test hands over the state's binary save as the page holds it
(base64) and the referee loads it through the Python binding, then answers
with referee.Referee's own checks for that state: what one seat's
observation is, which hidden-fact attributes the board must show that
seat (and the truth it must not), and the knowledge marks it must draw.

    python3 offline_referee.py    (one JSON request per line on stdin,
                                   one JSON answer per line on stdout)
"""

import base64

from referee import Referee, SnapshotSource, serve

TABLE = "offline"


class OfflineReferee:
    @staticmethod
    def _referee(game, save):
        """A referee whose one table is the saved state, at version 0."""
        source = SnapshotSource({TABLE: ({"game": game}, base64.b64decode(save))}, {})
        return Referee(source)

    def check(self, game, save, seat):
        ref = self._referee(game, save)
        views = ref.views(TABLE, 0)
        return {"observation": views["seats"][seat]["observation"],
                "current_player": views["current_player"], "terminal": views["terminal"],
                "winners": views["winners"], "moves": views.get("moves"),
                "dom_facts": ref.dom_facts(TABLE, seat, 0), "marks": ref.marks(TABLE, seat, 0)}

    def answer(self, request):
        cmd = request.get("cmd")
        if cmd == "check":
            return self.check(request["game"], request["save"], request["seat"])
        raise ValueError("unknown command %r" % cmd)


def main():
    serve(OfflineReferee().answer)


if __name__ == "__main__":
    main()

"""The games for learning libraries: OpenSpiel, PettingZoo and Gymnasium adapters.

The adapters need the ``crafthall[research]`` extra; the rest of crafthall never imports this
package. :mod:`crafthall.research.table` is what they share (plain crafthall, no extra): one
game played by the integer actions of the engine's codec.
"""

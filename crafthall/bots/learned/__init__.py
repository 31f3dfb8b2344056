"""Bots that learn: a small network read with numpy alone, and the search it guides.

:mod:`.network` holds the network, its model file and the loader's refusals; :mod:`.guided`
the search that takes the network's prior and value; :mod:`.selfplay` the games it plays to
make training data. Training itself (:mod:`.trainer`) needs the optional ``train`` extra; the
rest runs on numpy.
"""

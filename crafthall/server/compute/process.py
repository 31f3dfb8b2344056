"""A local worker process: ``python -m crafthall.server.compute.process`` (see
:func:`crafthall.server.compute.pool.worker_main`)."""

from crafthall.server.compute.pool import worker_main

if __name__ == "__main__":
    worker_main()

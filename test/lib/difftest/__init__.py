"""A differential tester for the CPU pipeline.

It generates random, well-typed relax graph functions with symbolic shapes
(generate.py, over the description in graph.py), compiles them in batches
with `--relax-lower-to-cpu` under several configurations and runs them
(runner.py), compares every result with a numpy interpreter of the same
description (reference.py), and shrinks each graph that fails to a
reproducer (reduce.py). cli.py is the command line; test/e2e/differential.py
runs a fixed batch as part of the test suite.
"""

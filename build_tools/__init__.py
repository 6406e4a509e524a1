"""Steps of build.py that are long enough to deserve a module of their own."""

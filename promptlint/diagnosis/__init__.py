"""Live diagnosis: parse each recorded request, find the one it extends, name the break."""

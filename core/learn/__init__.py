"""Learned models for the graph retrievers: the next-hop cross-encoder (`hop_model`), the
training pairs it learns from (`hop_data`), its training loop (`hop_train`) and the
question-disjoint evaluation of it (`folds`)."""
